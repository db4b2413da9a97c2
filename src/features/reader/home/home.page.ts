import { pageAnswer, siteHead, type ReaderPageHandle } from '../../../lib/reader-page-meta';
import { paths } from '../../../lib/paths';
import { publisher } from '../../../lib/page-head-meta';

/** The home page: the site itself, its search action and its publisher; its sections are rendered per request. */
export const homePage: ReaderPageHandle<unknown> = {
  rendering: 'request',
  head: ({ site }) =>
    pageAnswer(
      siteHead(site, paths.home(), {
        shareTitle: null,
        jsonLd: [
          {
            '@context': 'https://schema.org',
            '@type': 'WebSite',
            name: site.siteName,
            url: `${site.origin}/`,
            inLanguage: 'pt-BR',
            potentialAction: {
              '@type': 'SearchAction',
              target: { '@type': 'EntryPoint', urlTemplate: `${site.origin}${paths.search.pattern}?q={search_term_string}` },
              'query-input': 'required name=search_term_string',
            },
          },
          { '@context': 'https://schema.org', ...publisher(site) },
        ],
      }),
    ),
};
