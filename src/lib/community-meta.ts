import { SITE_DEFAULTS } from '../config/site-defaults';

// The jobs' and obituaries' page titles and descriptions (beside page-meta.ts, which the home page's entry chunk
// carries: these load with their pages and the edge handler only).

export const jobsMeta = {
  title: 'Vagas de Emprego',
  description: `Vagas de emprego abertas em ${SITE_DEFAULTS.city} e região.`,
} as const;

/** A job's page: its title and company; the description starts with where and how. */
export const jobMeta = (job: { title: string; company: string; location: string; contract_type: string }) => ({
  title: `${job.title} – ${job.company}`,
  description: `Vaga de ${job.title} (${job.contract_type}) na empresa ${job.company}, em ${job.location}.`,
});

export const jobNotFoundMeta = { title: 'Vaga não encontrada' } as const;

/** An obituary's page: the name, and the age and the funeral in the description. */
export const obituaryMeta = (obituary: { name: string; age: number; funeral_location: string; funeral_time: string }) => ({
  title: `Obituário: ${obituary.name}`,
  description: `${obituary.name}, ${obituary.age} anos. Velório: ${obituary.funeral_location}, ${obituary.funeral_time}.`,
});

export const obituaryNotFoundMeta = { title: 'Obituário não encontrado' } as const;
