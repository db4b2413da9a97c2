import type { Obituary } from '../../../services/obituaries';
import type { ListFilter } from '../components/search-filters';

/** Lower case without accents, so "joao" finds "João" as readers type it on a phone. */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLocaleLowerCase('pt-BR');
}

/**
 * docs/product.md §19.7: `search` is a case-insensitive substring of the name, `date` the exact death date (both days are calendar
 * values, compared as text).
 */
export function filterObituaries(obituaries: readonly Obituary[], { search, date }: ListFilter): Obituary[] {
  const needle = folded(search.trim());
  return obituaries.filter((obituary) => (!needle || folded(obituary.name).includes(needle)) && (!date || obituary.death_date === date));
}
