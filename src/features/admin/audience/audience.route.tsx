import { useCallback } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { browserClient } from '../../../services/browser-client';
import { isAudiencePeriod, loadAudienceReport, readersNow, type AudiencePeriod } from '../../../services/audience';
import { periodLabel } from '../../../lib/audience-figures';
import { todayInputValue } from '../../../lib/dates';
import { ErrorAlert } from '../../../components/ui/alert-message';
import { requireAdmin } from '../auth/admin-access';
import { AdminRouteError } from '../shared/admin-route-error';
import { PageHeader } from '../shared/page-header';
import { loadScreenData } from '../shared/route-data';
import { AudienceFigures, PeriodSwitch } from './audience-view';
import { ReadersNow } from './readers-now';

// 'Audiência' (issue 38, docs/decisions/0053): what readers read, from where, how far and how fast, counted without a
// cookie. Administradores and Editores (permissions.ts; the database refuses anyone else). The period is the address's
// `periodo` (1, 7 or 30 days; 7 when absent or anything else), so a period can be bookmarked and the back button
// returns to the last one.

const LOAD_FAILURE = 'Erro ao carregar a audiência.';
const DEFAULT_PERIOD: AudiencePeriod = 7;

export function periodOf(url: URL): AudiencePeriod {
  const value = Number(url.searchParams.get('periodo'));
  return isAudiencePeriod(value) ? value : DEFAULT_PERIOD;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const period = periodOf(new URL(request.url));
  const client = browserClient();
  const [report, now] = await loadScreenData(LOAD_FAILURE, () => Promise.all([loadAudienceReport(client, period), readersNow(client)]));
  return { report, readersNow: now, today: todayInputValue() };
}

function Intro() {
  return (
    <p className="-mt-3 mb-6 max-w-3xl text-sm text-slate-700">
      Contado pelo próprio site, sem cookies e sem enviar nada a terceiros: visitas por dia, fonte e dispositivo, até onde
      cada matéria foi lida e a velocidade medida nos aparelhos dos leitores.
    </p>
  );
}

function AudienceScreen({ loadFailure }: { loadFailure?: string }) {
  return (
    <>
      <PageHeader title="Audiência" />
      <Intro />
      {loadFailure && <ErrorAlert>{loadFailure}</ErrorAlert>}
    </>
  );
}

export function Component() {
  const { report, readersNow: initialReaders, today } = useLoaderData<typeof loader>();
  const loadReadersNow = useCallback(() => readersNow(browserClient()), []);
  return (
    <>
      <PageHeader title="Audiência" />
      <Intro />
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <PeriodSwitch period={report.period} />
        <p className="text-sm text-slate-700">
          Período: <strong>{periodLabel(report.period)}</strong>
        </p>
      </div>
      <AudienceFigures report={report} today={today} readersNow={<ReadersNow initial={initialReaders} load={loadReadersNow} />} />
    </>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError onLoadFailure={(loadFailure) => <AudienceScreen loadFailure={loadFailure} />} />;
}
