import { atCurrentAddress, mainFeed, notFoundAnswer, pageAnswer, siteHead, topicFeed, type ReaderPageHandle } from '../../../lib/reader-page-meta';
import { imageRenditions, OG_HEIGHT, OG_WIDTH } from '../../../lib/image-renditions';
import { storyNotFoundMeta } from '../../../lib/page-meta';
import { paths } from '../../../lib/paths';
import { storySlug } from '../../../lib/story-slug';
import { absolute, brandImage, publisher, type HeadImage, type PageHead, type SiteContext } from '../../../lib/page-head-meta';
import type { StoryDetails } from '../../../services/news/local-article';
import type { NewsArticle } from '../../../services/news/news-article';

/** A story as its head describes it (the article loader's, its body aside). */
export type StoryForHead = NewsArticle & StoryDetails;

/** A story may be shown with its large picture (Google Discover shows large pictures only then; og.jpg is 1200 px). */
const STORY_ROBOTS = 'max-image-preview:large';

/**
 * A story's picture for link previews: its 1200×630 JPEG rendition, else the newspaper's own; described by the
 * newsroom's alternative text, else (stories saved before it existed) by the title.
 */
function storyImage(site: SiteContext, story: StoryForHead): HeadImage {
  const og = imageRenditions(story.imageUrl)?.og;
  const alt = story.imageAlt?.trim() || story.title;
  return og ? { url: absolute(site, og), width: OG_WIDTH, height: OG_HEIGHT, alt } : brandImage(site);
}

export function storyHead(site: SiteContext, story: StoryForHead): PageHead {
  const address = paths.article(story.id, story.title);
  const canonical = absolute(site, address);
  const description = story.description.trim() || story.title;
  const image = storyImage(site, story);
  const section = story.topic?.name ?? null;
  const modified = story.modifiedAt ?? story.publishedAt;
  return siteHead(site, address, {
    shareTitle: story.title,
    description,
    type: 'article',
    image,
    robots: STORY_ROBOTS,
    article: { publishedTime: story.publishedAt, modifiedTime: modified, section },
    feeds: story.topic ? [mainFeed(site), topicFeed(site, story.topic)] : [mainFeed(site)],
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'NewsArticle',
        headline: story.title,
        description,
        image: [image.url],
        datePublished: story.publishedAt,
        dateModified: modified,
        ...(section ? { articleSection: section } : {}),
        // The journalist who signed the story (docs/product.md §6), else the newsroom.
        author: [story.byline ? { '@type': 'Person', name: story.byline } : { '@type': 'Organization', name: 'Redação', url: `${site.origin}/` }],
        // A sponsored story names who paid for it (schema.org CreativeWork.sponsor); the headline stays the story's.
        ...(story.sponsorName ? { sponsor: { '@type': 'Organization', name: story.sponsorName } } : {}),
        publisher: publisher(site),
        mainEntityOfPage: { '@type': 'WebPage', '@id': canonical },
        inLanguage: 'pt-BR',
      },
    ],
  });
}

/** /noticia/:id/:slug?: a published story, rendered per request; a stale or missing slug redirects to the current one. */
export const articlePage: ReaderPageHandle<{ article: StoryForHead | null }> = {
  rendering: 'request',
  head: ({ site, url, params, data: { article } }) => {
    if (!article) return notFoundAnswer(site, storyNotFoundMeta.title);
    return atCurrentAddress(url, params, paths.article(article.id, article.title), storySlug(article.title), () => pageAnswer(storyHead(site, article)));
  },
};
