import type { NewsArticle } from '../../../services/news';
import type { ListFilter } from '../components/search-filters';

/**
 * docs/product.md §19.7 topic filters, applied on the client: `search` is a case-insensitive substring of the title or the
 * description; `date` must be the publication's calendar day in São Paulo (its `publishedOn`), as the database's own
 * day filter reads it.
 */
export function filterNews(articles: readonly NewsArticle[], { search, date }: ListFilter): NewsArticle[] {
  const needle = search.trim().toLocaleLowerCase('pt-BR');
  return articles.filter((article) => {
    const matchesText =
      !needle ||
      article.title.toLocaleLowerCase('pt-BR').includes(needle) ||
      article.description.toLocaleLowerCase('pt-BR').includes(needle);
    const matchesDate = !date || article.publishedOn === date;
    return matchesText && matchesDate;
  });
}
