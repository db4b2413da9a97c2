import type { Obituary } from '../../../services/obituaries';

export interface ObituaryFilter {
  name: string;
  /** YYYY-MM-DD; empty means any day. */
  deathDate: string;
}

/** Lower case without accents, so "joao" finds "João" as readers type it on a phone. */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLocaleLowerCase('pt-BR');
}

/** SPEC §5: case-insensitive name substring and exact death date (both are calendar values, compared as text). */
export function filterObituaries(obituaries: readonly Obituary[], { name, deathDate }: ObituaryFilter): Obituary[] {
  const needle = folded(name.trim());
  return obituaries.filter(
    (obituary) => (!needle || folded(obituary.name).includes(needle)) && (!deathDate || obituary.death_date === deathDate),
  );
}
