import { atCurrentAddress, notFoundAnswer, pageAnswer, siteHead, type ReaderPageHandle } from '../../../lib/reader-page-meta';
import { obituaryMeta, obituaryNotFoundMeta } from '../../../lib/community-meta';
import { imageRenditions, OG_HEIGHT, OG_WIDTH } from '../../../lib/image-renditions';
import { paths } from '../../../lib/paths';
import { storySlug } from '../../../lib/story-slug';
import { absolute, brandImage } from '../../../lib/page-head-meta';
import type { Obituary } from '../../../services/obituaries';

/** /obituarios/:id/:slug?: published notices only; the photo's link-preview rendition when it has one; a stale slug redirects. */
export const obituaryPage: ReaderPageHandle<{ obituary: Obituary | null }> = {
  rendering: 'request',
  head: ({ site, url, params, data: { obituary } }) => {
    if (!obituary) return notFoundAnswer(site, obituaryNotFoundMeta.title);
    const address = paths.obituary(obituary.id, obituary.name);
    return atCurrentAddress(url, params, address, storySlug(obituary.name), () => {
      const meta = obituaryMeta(obituary);
      const og = imageRenditions(obituary.photo_url)?.og;
      const image = og ? { url: absolute(site, og), width: OG_WIDTH, height: OG_HEIGHT, alt: `Foto de ${obituary.name}` } : brandImage(site);
      return pageAnswer(siteHead(site, address, { shareTitle: meta.title, description: meta.description, image }));
    });
  },
};
