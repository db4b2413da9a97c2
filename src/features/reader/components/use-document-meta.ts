import { useEffect } from 'react';
import { site } from '../../../config/site';
import { DEFAULT_DESCRIPTION, documentTitle } from '../../../lib/page-meta';

function descriptionTag(): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.append(tag);
  }
  return tag;
}

/** Sets the page's title ("{title} | {site}") and meta description; without a title, the site's own. */
export function useDocumentMeta(title: string | null, description?: string | null) {
  useEffect(() => {
    document.title = documentTitle(title, site.name);
    descriptionTag().content = description?.trim() || DEFAULT_DESCRIPTION;
  }, [title, description]);
}
