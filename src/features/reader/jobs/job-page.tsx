import { Link } from 'react-router';
import { ArrowLeft } from 'lucide';
import { Icon } from '../../../components/ui/icon';
import { formatDate, formatLongDate } from '../../../lib/dates';
import { linkify } from '../../../lib/linkify';
import { jobMeta } from '../../../lib/community-meta';
import { paths } from '../../../lib/paths';
import type { JobNotice } from '../../../services/job-board';
import { ShareButtons } from '../article/share-buttons';
import { useDocumentMeta } from '../components/use-document-meta';

/** A job's own page: what, where, until when, the description and how to apply. */
export function JobView({ job, shareUrl }: { job: JobNotice; shareUrl: string }) {
  const meta = jobMeta(job);
  useDocumentMeta(meta.title, meta.description);
  return (
    <article className="mx-auto max-w-3xl space-y-6">
      <BackToJobs />
      <header className="space-y-2">
        <span className="inline-block rounded bg-brand-800 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-white">
          {job.contract_type}
        </span>
        <h1 className="font-serif text-3xl font-bold leading-tight text-slate-900 sm:text-4xl">{job.title}</h1>
        <p className="text-lg text-slate-800">{job.company}</p>
      </header>

      <dl className="grid gap-x-4 gap-y-2 rounded-lg bg-slate-50 p-4 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-slate-700">Local:</dt>
        <dd className="text-slate-900">{job.location}</dd>
        <dt className="font-medium text-slate-700">Tipo de contrato:</dt>
        <dd className="text-slate-900">{job.contract_type}</dd>
        <dt className="font-medium text-slate-700">Publicada em:</dt>
        <dd className="text-slate-900">
          <time dateTime={job.created_at}>{formatLongDate(job.postedOn)}</time>
        </dd>
        {job.expires_at && (
          <>
            <dt className="font-medium text-slate-700">Inscrições até:</dt>
            <dd className="text-slate-900">
              <time dateTime={job.expires_at}>{formatDate(job.expires_at)}</time>
            </dd>
          </>
        )}
      </dl>

      <section aria-labelledby="descricao-titulo" className="space-y-3">
        <h2 id="descricao-titulo" className="text-xl font-bold text-slate-900">
          Descrição da vaga
        </h2>
        {job.description?.trim() ? (
          <PlainText text={job.description} />
        ) : (
          <p className="text-slate-700">A empresa não publicou uma descrição para esta vaga.</p>
        )}
      </section>

      <section aria-labelledby="candidatura-titulo" className="rounded-lg border border-brand-100 bg-brand-50 p-5">
        <h2 id="candidatura-titulo" className="text-lg font-bold text-slate-900">
          Como se candidatar
        </h2>
        {/* What the newsroom typed (jobs.how_to_apply), its addresses made links; without it, the generic guidance. */}
        {job.how_to_apply?.trim() ? (
          <div className="mt-2">
            <PlainText text={job.how_to_apply} />
          </div>
        ) : (
          <p className="mt-2 text-slate-800">
            Siga as orientações da descrição acima ou procure diretamente a empresa <strong>{job.company}</strong>, em {job.location}.
            Ao se candidatar, diga que viu a vaga no nosso portal.
          </p>
        )}
      </section>

      <section aria-labelledby="compartilhe-vaga-titulo" className="rounded-lg bg-slate-100 p-5">
        <h2 id="compartilhe-vaga-titulo" className="mb-3 text-lg font-bold text-slate-900">
          Compartilhe esta vaga
        </h2>
        <ShareButtons url={shareUrl} title={`${job.title} – ${job.company}`} />
      </section>
    </article>
  );
}

/** Paragraphs split by blank lines, line breaks kept, addresses as links (http, https and mailto only). */
function PlainText({ text }: { text: string }) {
  const paragraphs = text.split(/\n\s*\n/).map((paragraph) => paragraph.trim()).filter(Boolean);
  return (
    <div className="space-y-3 whitespace-pre-line text-slate-800">
      {paragraphs.map((paragraph, index) => (
        <p key={index}>
          {linkify(paragraph).map((part, partIndex) =>
            part.kind === 'text' ? (
              part.text
            ) : (
              <a key={partIndex} href={part.href} target="_blank" rel="noopener noreferrer nofollow" className="font-medium text-brand-700 underline">
                {part.text}
                <span className="sr-only"> (abre em nova aba)</span>
              </a>
            ),
          )}
        </p>
      ))}
    </div>
  );
}

export function BackToJobs() {
  return (
    <Link to={paths.jobs()} className="inline-flex items-center gap-2 text-sm font-semibold text-brand-700 hover:underline">
      <Icon node={ArrowLeft} className="h-4 w-4" />
      Todas as vagas
    </Link>
  );
}

export function JobSkeleton() {
  return (
    <div role="status" className="mx-auto max-w-3xl space-y-4">
      <span className="sr-only">Carregando vaga...</span>
      <div aria-hidden="true" className="h-4 w-32 animate-pulse rounded bg-slate-200" />
      <div aria-hidden="true" className="h-10 w-full animate-pulse rounded bg-slate-200" />
      <div aria-hidden="true" className="h-24 w-full animate-pulse rounded bg-slate-200" />
      <div aria-hidden="true" className="h-40 w-full animate-pulse rounded bg-slate-200" />
    </div>
  );
}
