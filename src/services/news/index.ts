export type { ArticleOrigin, NewsArticle } from './news-article';
export { DEFAULT_AUTHOR } from './news-article';
export { NEWS_API_CATEGORY_BY_SLUG, CATEGORY_LABEL_BY_SLUG, isExternalTopicSlug } from './category-mapping';
export { FEATURED_ARTICLE } from './featured-article';
export { SAMPLE_ARTICLES, SAMPLE_ARTICLES_BY_SLUG, findBuiltInArticle } from './sample-articles';
export { getNationalNews, getTopicNews, NEWS_TIMEOUT_MS, NATIONAL_CATEGORY_LABEL } from './news-api';
export { articleFromPublication, LOCAL_CATEGORY } from './from-publication';
