import type { AdminPublication, PublicationInput } from '../../../services/publication-admin';
import { sanitizeRichText } from '../../../lib/rich-text/sanitize';
import { canonicalYoutubeUrl } from '../../../lib/youtube';

/**
 * What the publication form edits (strings for inputs; converted to the service's input on save). A type rather
 * than an interface: it is the save action's JSON body, and TypeScript counts only a type alias as a JSON object.
 */
export type PublicationFormValues = {
  title: string;
  description: string;
  content: string;
  imageUrl: string | null;
  youtubeUrl: string;
  topicId: string;
  published: boolean;
};

export const EMPTY_PUBLICATION: PublicationFormValues = {
  title: '',
  description: '',
  content: '',
  imageUrl: null,
  youtubeUrl: '',
  topicId: '',
  // docs/product.md §19: the box is unticked by default.
  published: false,
};

export function valuesFromPublication(publication: AdminPublication): PublicationFormValues {
  return {
    title: publication.title,
    description: publication.description ?? '',
    content: publication.content ?? '',
    imageUrl: publication.image_url,
    youtubeUrl: publication.youtube_url ?? '',
    topicId: publication.topic_id ?? '',
    published: publication.published,
  };
}

/**
 * The service input: the content sanitised with the allow-list before it is stored, and the video address in the
 * one form readers embed (docs/product.md). The form has already refused an address that is not a video.
 */
export function toPublicationInput(values: PublicationFormValues): PublicationInput {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    content: sanitizeRichText(values.content),
    image_url: values.imageUrl,
    youtube_url: canonicalYoutubeUrl(values.youtubeUrl),
    topic_id: values.topicId,
    published: values.published,
  };
}
