import { Link, useFetcher, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { Download, Pencil } from 'lucide';
import { browserClient } from '../../../services/browser-client';
import {
  campaignFigures,
  getCampaignDetail,
  renewReportLink,
  reportToken,
  revokeReportLink,
  setCampaignState,
  type CampaignDetail,
} from '../../../services/ad-campaigns';
import type { CampaignState } from '../../../types/database';
import { AD_SPACE_LABELS, campaignCsv } from '../../../lib/ad-figures';
import { formatDate, todayInputValue } from '../../../lib/dates';
import { paths } from '../../../lib/paths';
import { storySlug } from '../../../lib/story-slug';
import { Icon } from '../../../components/ui/icon';
import { secondaryButton } from '../../../components/ui/buttons';
import { ErrorAlert } from '../../../components/ui/alert-message';
import { CampaignFiguresView } from '../../../components/ads/campaign-figures';
import { requireAdmin } from '../auth/admin-access';
import { AdminRouteError } from '../shared/admin-route-error';
import { PageHeader } from '../shared/page-header';
import { JSON_SUBMIT, actionFailure, loadScreenData, readJson, recordNotFound, type ActionFailure } from '../shared/route-data';
import { CampaignStateBadge } from './campaign-state-badge';
import { ReportLinkPanel, type ReportLinkIntent } from './report-link-panel';

type StateIntent = { intent: 'set-state'; state: CampaignState };

export const REPORT_LINK_FAILURE = 'Erro ao alterar o link do relatório. Tente novamente.';
export const STATE_FAILURE = 'Erro ao alterar a situação da campanha. Tente novamente.';

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = params.id ?? '';
  const client = browserClient();
  const [campaign, figures, token] = await loadScreenData('Erro ao carregar a campanha.', () =>
    Promise.all([getCampaignDetail(client, id), campaignFigures(client, id), reportToken(client, id)]),
  );
  if (!campaign) throw recordNotFound();
  return { campaign, figures, token, today: todayInputValue() };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const id = params.id ?? '';
  const body = await readJson<StateIntent | ReportLinkIntent>(request);
  try {
    if (body.intent === 'set-state') await setCampaignState(browserClient(), id, body.state);
    else if (body.intent === 'renew-report-link') await renewReportLink(browserClient(), id);
    else await revokeReportLink(browserClient(), id);
    return null;
  } catch (error) {
    console.error(error);
    return actionFailure(body.intent === 'set-state' ? STATE_FAILURE : REPORT_LINK_FAILURE);
  }
}

/** The file name of a campaign's CSV: whose and which campaign, in plain letters. */
function csvFileName(campaign: CampaignDetail): string {
  return `anuncio-${storySlug(campaign.advertiser.name) || 'campanha'}-${campaign.id.slice(0, 8)}.csv`;
}

function Creative({ label, url, width, height }: { label: string; url: string; width: number; height: number }) {
  return (
    <figure className="space-y-1">
      <img src={url} width={width} height={height} alt="" className="h-auto max-w-full rounded border border-slate-200" style={{ aspectRatio: `${width} / ${height}` }} />
      <figcaption className="text-xs text-slate-600">
        {label}: {width}×{height} px
      </figcaption>
    </figure>
  );
}

function StateButton({ campaign }: { campaign: CampaignDetail }) {
  const fetcher = useFetcher<ActionFailure | null>();
  if (campaign.state === 'encerrada') return null;
  const next: CampaignState = campaign.state === 'ativa' ? 'pausada' : 'ativa';
  const failure = fetcher.state === 'idle' && fetcher.data && 'error' in fetcher.data ? fetcher.data.error : null;
  return (
    <>
      <button
        type="button"
        className={secondaryButton}
        disabled={fetcher.state !== 'idle'}
        onClick={() => void fetcher.submit({ intent: 'set-state', state: next } satisfies StateIntent, JSON_SUBMIT)}
      >
        {next === 'pausada' ? 'Pausar campanha' : 'Ativar campanha'}
      </button>
      {failure && <ErrorAlert>{failure}</ErrorAlert>}
    </>
  );
}

function CampaignHeader({ title }: { title: string }) {
  return <PageHeader title={title} backTo={paths.admin.ads()} />;
}

export function Component() {
  const { campaign, figures, token, today } = useLoaderData<typeof loader>();
  const csv = `data:text/csv;charset=utf-8,${encodeURIComponent(campaignCsv(figures.days))}`;
  return (
    <>
      <CampaignHeader title={`Campanha: ${campaign.advertiser.name}`} />
      <div className="space-y-6">
        <section aria-label="Dados da campanha" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="font-semibold text-slate-900">Anunciante</dt>
            <dd className="text-slate-800">
              {campaign.advertiser.name}
              <span className="block text-slate-600">{campaign.advertiser.contact}</span>
            </dd>
            <dt className="font-semibold text-slate-900">Espaço</dt>
            <dd className="text-slate-800">{AD_SPACE_LABELS[campaign.space]}</dd>
            <dt className="font-semibold text-slate-900">Período</dt>
            <dd className="text-slate-800">
              {formatDate(campaign.starts_on)} a {formatDate(campaign.ends_on)}
            </dd>
            <dt className="font-semibold text-slate-900">Situação</dt>
            <dd>
              <CampaignStateBadge campaign={campaign} today={today} />
            </dd>
            <dt className="font-semibold text-slate-900">Link de destino</dt>
            <dd className="break-all">
              <a href={campaign.target_url} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline">
                {campaign.target_url}
              </a>
            </dd>
            <dt className="font-semibold text-slate-900">Texto alternativo</dt>
            <dd className="text-slate-800">{campaign.alt_text}</dd>
          </dl>
          <div className="flex flex-wrap items-end gap-4">
            <Creative label="Imagem do anúncio" url={campaign.image_url} width={campaign.image_width} height={campaign.image_height} />
            {campaign.mobile_image_url && campaign.mobile_image_width && campaign.mobile_image_height && (
              <Creative label="Versão para celular" url={campaign.mobile_image_url} width={campaign.mobile_image_width} height={campaign.mobile_image_height} />
            )}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Link to={paths.admin.adEdit(campaign.id)} className={secondaryButton}>
              <Icon node={Pencil} className="h-4 w-4" />
              Editar
            </Link>
            <StateButton campaign={campaign} />
          </div>
        </section>

        <section aria-labelledby="figures-heading" className="space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="figures-heading" className="text-xl font-bold text-slate-900">
              Números
            </h2>
            <a href={csv} download={csvFileName(campaign)} className={secondaryButton}>
              <Icon node={Download} className="h-4 w-4" />
              Baixar CSV
            </a>
          </div>
          <CampaignFiguresView figures={figures} />
        </section>

        <ReportLinkPanel token={token} />
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError header={<CampaignHeader title="Campanha" />} />;
}
