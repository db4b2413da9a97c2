import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Briefcase, ExternalLink, Flower2, MessageCircle } from 'lucide';
import { Icon } from '../../../components/ui/icon';
import type { Job } from '../../../services/jobs';
import type { Obituary } from '../../../services/obituaries';
import { site } from '../../../config/site';
import { formatDate } from '../../../lib/dates';
import { paths } from '../../../lib/paths';
import { Deferred, type Later } from '../components/deferred';
import { RetryAlert } from '../components/retry-alert';

interface CommunitySectionProps {
  jobs: Later<Job[]>;
  obituaries: Later<Obituary[]>;
}

/** docs/product.md §2 community section: jobs, obituaries and the WhatsApp group, each card loading on its own. */
export function CommunitySection({ jobs, obituaries }: CommunitySectionProps) {
  return (
    <section aria-labelledby="comunidade-titulo" className="space-y-4">
      <h2 id="comunidade-titulo" className="sr-only">
        Comunidade
      </h2>
      <div className="grid gap-6 md:grid-cols-3">
        <CommunityCard title="Vagas de Emprego" icon={<Icon node={Briefcase} className="h-5 w-5" />}>
          <Deferred promise={jobs} fallback={<CardSkeleton />} errorElement={<RetryAlert>Não foi possível carregar as vagas.</RetryAlert>}>
            {(items) => <JobList jobs={items} />}
          </Deferred>
          <AllJobsLink externalUrl={site.jobsSiteUrl} />
        </CommunityCard>
        <CommunityCard title="Obituário" icon={<Icon node={Flower2} className="h-5 w-5" />}>
          <Deferred
            promise={obituaries}
            fallback={<CardSkeleton />}
            errorElement={<RetryAlert>Não foi possível carregar o obituário.</RetryAlert>}
          >
            {(items) => <ObituaryList obituaries={items} />}
          </Deferred>
          <Link to={paths.obituaries()} className="mt-auto pt-4 text-sm font-semibold text-brand-700 hover:underline">
            Ver todos<span className="sr-only"> os obituários</span>
          </Link>
        </CommunityCard>
        <CommunityCard title="No WhatsApp" icon={<Icon node={MessageCircle} className="h-5 w-5" />}>
          <p className="text-sm text-slate-700">
            Receba as principais notícias de {site.city} direto no seu celular: siga o canal do {site.name} ou entre no
            grupo.
          </p>
          <a
            href={site.whatsappChannelUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-4 inline-flex items-center justify-center rounded-md bg-green-700 px-4 py-2 text-sm font-semibold text-white hover:bg-green-800"
          >
            Seguir o Canal<span className="sr-only"> do {site.name} no WhatsApp (abre em nova aba)</span>
          </a>
          <a
            href={site.whatsappGroupUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-2 inline-flex items-center justify-center rounded-md border border-green-700 px-4 py-2 text-sm font-semibold text-green-800 hover:bg-green-50"
          >
            Participar do Grupo<span className="sr-only"> (abre em nova aba)</span>
          </a>
          <p className="mt-2 text-xs text-slate-600">No canal, ninguém vê o seu número. Você pode sair do grupo a qualquer momento.</p>
        </CommunityCard>
      </div>
    </section>
  );
}

const MORE_LINK = 'mt-auto inline-flex items-center gap-1 pt-4 text-sm font-semibold text-brand-700 hover:underline';

/** 'Ver todas as vagas': the site's own /vagas, or an external jobs site when one is configured (VITE_JOBS_SITE_URL). */
export function AllJobsLink({ externalUrl }: { externalUrl: string | null }) {
  if (!externalUrl) {
    return (
      <Link to={paths.jobs()} className={MORE_LINK}>
        Ver todas as vagas
      </Link>
    );
  }
  return (
    <a href={externalUrl} target="_blank" rel="noopener noreferrer" className={MORE_LINK}>
      Ver todas as vagas
      <Icon node={ExternalLink} className="h-4 w-4" />
      <span className="sr-only">(abre em nova aba)</span>
    </a>
  );
}

function CommunityCard({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h3 className="mb-3 flex items-center gap-2 text-lg font-bold text-slate-900">
        <span className="text-brand-700">{icon}</span>
        {title}
      </h3>
      {children}
    </div>
  );
}

export function JobList({ jobs }: { jobs: readonly Job[] }) {
  return (
    <CardList
      items={jobs}
      empty="Nenhuma vaga publicada no momento."
      row={(job) => ({ title: job.title, href: paths.job(job.id, job.title), subtitle: job.company, detail: `${job.location} • ${job.contract_type}` })}
    />
  );
}

export function ObituaryList({ obituaries }: { obituaries: readonly Obituary[] }) {
  return (
    <CardList
      items={obituaries}
      empty="Nenhum obituário publicado."
      row={(obituary) => ({
        title: obituary.name,
        href: paths.obituary(obituary.id, obituary.name),
        subtitle: (
          <>
            {obituary.age} anos • Falecimento: <time dateTime={obituary.death_date}>{formatDate(obituary.death_date)}</time>
          </>
        ),
        detail: `Velório: ${obituary.funeral_location}, ${obituary.funeral_time}`,
      })}
    />
  );
}

interface CardRow {
  title: string;
  /** The item's own page. */
  href: string;
  subtitle: ReactNode;
  detail: string;
}

/** A community card's short list: its empty text, or each item as a title, a subtitle and a detail line. */
function CardList<Item extends { id: string }>({ items, empty, row }: { items: readonly Item[]; empty: string; row: (item: Item) => CardRow }) {
  if (items.length === 0) return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {items.map((item) => {
        const { title, href, subtitle, detail } = row(item);
        return (
          <li key={item.id} className="py-2">
            <p className="font-semibold text-slate-900">
              <Link to={href} className="hover:text-brand-700 hover:underline">
                {title}
              </Link>
            </p>
            <p className="text-sm text-slate-700">{subtitle}</p>
            <p className="text-xs text-slate-600">{detail}</p>
          </li>
        );
      })}
    </ul>
  );
}

function CardSkeleton() {
  return (
    <div role="status" className="space-y-2">
      <span className="sr-only">Carregando...</span>
      {Array.from({ length: 3 }, (_, index) => (
        <div key={index} aria-hidden="true" className="h-12 animate-pulse rounded bg-slate-100" />
      ))}
    </div>
  );
}
