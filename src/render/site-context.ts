// The site's facts for every answer of a request, in the shared layer since the reader pages' heads use them too.
export { absolute, BRAND_IMAGE, BRAND_LOGO, brandImage, FEED_PATH, publisher, topicFeedPath, type SiteContext } from '../lib/page-head-meta';
