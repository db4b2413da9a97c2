import { Link, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { BarChart3, Pause, Pencil, Play, Trash2 } from 'lucide';
import { browserClient } from '../../../services/browser-client';
import { deleteCampaign, listCampaigns, setCampaignState, type CampaignListItem } from '../../../services/ad-campaigns';
import type { CampaignState } from '../../../types/database';
import { AD_SPACE_LABELS } from '../../../lib/ad-figures';
import { formatDate, todayInputValue } from '../../../lib/dates';
import { paths } from '../../../lib/paths';
import { Icon } from '../../../components/ui/icon';
import { iconButton } from '../../../components/ui/buttons';
import { ErrorAlert, SuccessNotice } from '../../../components/ui/alert-message';
import { requireAdmin } from '../auth/admin-access';
import { AdminRouteError } from '../shared/admin-route-error';
import { DataTable, EmptyRow, cell, desktopCell, phoneDetails } from '../shared/data-table';
import { NewItemLink, PageHeader } from '../shared/page-header';
import { actionFailure, loadScreenData, readJson } from '../shared/route-data';
import { useConfirmedAction } from '../shared/use-confirmed-action';
import { useRowActionFetcher } from '../shared/use-row-action-fetcher';
import { listWords } from '../shared/resource-words';
import { CAMPAIGN_RESOURCE } from './campaign-resource';
import { CampaignStateBadge } from './campaign-state-badge';

const words = listWords(CAMPAIGN_RESOURCE.noun);

type StateIntent = { intent: 'set-state'; id: string; state: CampaignState };
type DeleteIntent = { intent: 'delete'; id: string; name: string };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const campaigns = await loadScreenData(words.loadFailure, () => listCampaigns(browserClient()));
  return { campaigns, today: todayInputValue() };
}

/** Pauses or resumes a campaign, or deletes it with its figures; the database lets only administrators do either. */
export async function action({ request }: ActionFunctionArgs) {
  const body = await readJson<StateIntent | DeleteIntent>(request);
  try {
    if (body.intent === 'delete') {
      await deleteCampaign(browserClient(), body.id);
      return { deleted: body.name };
    }
    await setCampaignState(browserClient(), body.id, body.state);
    return null;
  } catch (error) {
    console.error(error);
    return actionFailure(body.intent === 'delete' ? words.deleteFailure : words.toggleFailure);
  }
}

/** 'Padaria Central, Banner Principal': whose and where, a campaign's name in buttons and confirmations. */
const campaignName = (campaign: CampaignListItem) => `${campaign.advertiser}, ${AD_SPACE_LABELS[campaign.space]}`;
const period = (campaign: CampaignListItem) => `${formatDate(campaign.starts_on)} a ${formatDate(campaign.ends_on)}`;

function CampaignTable({
  campaigns,
  today,
  busyId,
  onSetState,
  onDelete,
}: {
  campaigns: readonly CampaignListItem[];
  today: string;
  busyId: string | null;
  onSetState: (campaign: CampaignListItem, state: CampaignState) => void;
  onDelete: (campaign: CampaignListItem) => void;
}) {
  return (
    <DataTable caption="Campanhas" headers={['Campanha', 'Espaço', 'Período', 'Situação', 'Ações']} phoneHidden={['Espaço', 'Período']}>
      {campaigns.length === 0 && <EmptyRow colSpan={5}>{words.emptyText}</EmptyRow>}
      {campaigns.map((campaign) => {
        const name = campaignName(campaign);
        const busy = busyId === campaign.id;
        const paused = campaign.state !== 'ativa';
        const toggle = paused ? { label: 'Ativar', state: 'ativa' as const, icon: Play } : { label: 'Pausar', state: 'pausada' as const, icon: Pause };
        return (
          <tr key={campaign.id}>
            <td className={`${cell} md:max-w-sm`}>
              <Link to={paths.admin.adCampaign(campaign.id)} className="font-medium text-slate-900 hover:text-brand-700 hover:underline">
                {campaign.advertiser}
              </Link>
              <p className="line-clamp-1 text-xs text-slate-600">{campaign.alt_text}</p>
              <p className={phoneDetails}>
                {AD_SPACE_LABELS[campaign.space]} · {period(campaign)}
              </p>
            </td>
            <td className={`${cell} ${desktopCell} whitespace-nowrap`}>{AD_SPACE_LABELS[campaign.space]}</td>
            <td className={`${cell} ${desktopCell} whitespace-nowrap`}>{period(campaign)}</td>
            <td className={cell}>
              <CampaignStateBadge campaign={campaign} today={today} />
            </td>
            <td className={cell}>
              <div className="flex items-center justify-end gap-1">
                <Link to={paths.admin.adCampaign(campaign.id)} title="Números" aria-label={`Números: ${name}`} className={iconButton}>
                  <Icon node={BarChart3} className="h-4 w-4" />
                </Link>
                {campaign.state !== 'encerrada' && (
                  <button
                    type="button"
                    onClick={() => onSetState(campaign, toggle.state)}
                    disabled={busy}
                    title={toggle.label}
                    aria-label={`${toggle.label}: ${name}`}
                    className={iconButton}
                  >
                    <Icon node={toggle.icon} className="h-4 w-4" />
                  </button>
                )}
                <Link to={paths.admin.adEdit(campaign.id)} title="Editar" aria-label={`Editar: ${name}`} className={iconButton}>
                  <Icon node={Pencil} className="h-4 w-4" />
                </Link>
                <button
                  type="button"
                  onClick={() => onDelete(campaign)}
                  disabled={busy}
                  title="Excluir"
                  aria-label={`Excluir: ${name}`}
                  className={`${iconButton} hover:bg-red-50 hover:text-red-700`}
                >
                  <Icon node={Trash2} className="h-4 w-4" />
                </button>
              </div>
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}

function CampaignsHeader() {
  return <PageHeader title={CAMPAIGN_RESOURCE.title} actions={<NewItemLink to={paths.admin.adNew()} label={words.newItem} />} />;
}

export function Component() {
  const { campaigns, today } = useLoaderData<typeof loader>();
  const states = useRowActionFetcher<StateIntent>();
  const deletion = useConfirmedAction<CampaignListItem, { deleted: string }>({
    message: (campaign) =>
      `Tem certeza que deseja excluir a campanha de ${campaignName(campaign)}? Os números dela e o link do relatório também serão apagados.`,
    body: (campaign) => ({ intent: 'delete', id: campaign.id, name: campaignName(campaign) }) satisfies DeleteIntent,
    idOf: (campaign) => campaign.id,
  });
  const failure = states.failure ?? deletion.failure;
  return (
    <>
      <CampaignsHeader />
      <div className="space-y-4">
        {failure && <ErrorAlert>{failure}</ErrorAlert>}
        {deletion.done && <SuccessNotice>Campanha de {deletion.done.deleted} excluída.</SuccessNotice>}
        <CampaignTable
          campaigns={campaigns}
          today={today}
          busyId={states.busyId ?? deletion.busyId}
          onSetState={(campaign, state) => states.run({ intent: 'set-state', id: campaign.id, state })}
          onDelete={deletion.ask}
        />
      </div>
      {deletion.dialog}
    </>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError header={<CampaignsHeader />} />;
}
