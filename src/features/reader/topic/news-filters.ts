import type { NewsArticle } from '../../../services/news';
import { toDateInputValue } from '../../../lib/dates';

export interface NewsFilter {
  /** Case-insensitive substring of the title or description. */
  search: string;
  /** YYYY-MM-DD: the publication's local calendar day must match exactly; empty means any day. */
  date: string;
}

/** SPEC §5 topic filters, applied on the client. */
export function filterNews(articles: readonly NewsArticle[], { search, date }: NewsFilter): NewsArticle[] {
  const needle = search.trim().toLocaleLowerCase('pt-BR');
  return articles.filter((article) => {
    const matchesText =
      !needle ||
      article.title.toLocaleLowerCase('pt-BR').includes(needle) ||
      article.description.toLocaleLowerCase('pt-BR').includes(needle);
    const matchesDate = !date || toDateInputValue(article.publishedAt) === date;
    return matchesText && matchesDate;
  });
}
