import type { AdminPublication, PublicationInput, Revision } from '../../../services/publication-admin';
import { sanitizeRichText } from '../../../lib/rich-text/sanitize';
import { canonicalYoutubeUrl } from '../../../lib/youtube';
import { fromSaoPauloInput, toSaoPauloInput } from '../../../lib/dates';

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
  /**
   * 'Enviar para revisão' (a reporter's save, decision 0037): set on the submitted copy by the button that sends it,
   * never in the form's state.
   */
  sendForReview: boolean;
} & PublishingValues & ImageTextValues & SponsorValues & RevisionValues;

/** docs/product.md §12, docs/decisions/0014: scheduling, the lead story and the byline. */
export type PublishingValues = {
  /** Published at a later time instead of now ('Agendar publicação'); exclusive with `published`. */
  scheduled: boolean;
  /** São Paulo wall time, 'YYYY-MM-DDTHH:mm' (a datetime-local input's value). */
  scheduleAt: string;
  /** 'Manchete': the home page's lead story. */
  isLead: boolean;
  /** 'Assinar com meu nome'. */
  signed: boolean;
};

export const EMPTY_PUBLISHING: PublishingValues = { scheduled: false, scheduleAt: '', isLead: false, signed: false };

/** docs/product.md §12: the main image's alternative text (required with an image) and credit. */
export type ImageTextValues = {
  /** 'Texto alternativo da imagem'. */
  imageAlt: string;
  /** 'Crédito da foto': the caption reads 'Foto: <crédito>'. */
  imageCredit: string;
};

export const EMPTY_IMAGE_TEXT: ImageTextValues = { imageAlt: '', imageCredit: '' };

/** docs/product.md §12: a story paid for by a sponsor says so ('Conteúdo patrocinado'), with the sponsor's name. */
export type SponsorValues = {
  /** 'Conteúdo patrocinado'. */
  sponsored: boolean;
  /** 'Patrocinador': kept while the box is unticked (a slip of the mouse loses nothing), saved only with it ticked. */
  sponsorName: string;
};

export const EMPTY_SPONSOR: SponsorValues = { sponsored: false, sponsorName: '' };

/**
 * docs/decisions/0038: how a change to a live story's text is recorded. Part of the form's values, so what the
 * editor types into a correction is kept in the autosaved draft like the story itself.
 */
export type RevisionValues = {
  /** '' records nothing (the text did not change); 'correction' adds one readers see; 'minor_edit' a typo fix. */
  revisionKind: '' | 'correction' | 'minor_edit';
  /** 'O que estava errado'. */
  correctionWrong: string;
  /** 'O que está correto'. */
  correctionRight: string;
  /** São Paulo wall time ('YYYY-MM-DDTHH:mm'); '' for now. */
  correctionAt: string;
  /** The minor edit's note, optional. */
  minorEditNote: string;
};

export const EMPTY_REVISION: RevisionValues = { revisionKind: '', correctionWrong: '', correctionRight: '', correctionAt: '', minorEditNote: '' };

/** The revision the values ask for, or null (none chosen). */
export function revisionFromValues(values: RevisionValues): Revision | null {
  if (values.revisionKind === 'correction') {
    return {
      kind: 'correction',
      wrong: values.correctionWrong.trim(),
      correct: values.correctionRight.trim(),
      correctedAt: values.correctionAt ? (fromSaoPauloInput(values.correctionAt)?.toISOString() ?? null) : null,
    };
  }
  if (values.revisionKind === 'minor_edit') return { kind: 'minor_edit', note: values.minorEditNote.trim() };
  return null;
}

export const EMPTY_PUBLICATION: PublicationFormValues = {
  title: '',
  description: '',
  content: '',
  imageUrl: null,
  youtubeUrl: '',
  topicId: '',
  // docs/product.md §19: the box is unticked by default.
  published: false,
  sendForReview: false,
  ...EMPTY_PUBLISHING,
  ...EMPTY_IMAGE_TEXT,
  ...EMPTY_SPONSOR,
  ...EMPTY_REVISION,
};

/** A published story whose time has not come is scheduled: the form shows its time instead of 'Publicar imediatamente'. */
export function valuesFromPublication(publication: AdminPublication, now: Date = new Date()): PublicationFormValues {
  const scheduled = publication.published && publication.published_at !== null && Date.parse(publication.published_at) > now.getTime();
  return {
    title: publication.title,
    description: publication.description ?? '',
    content: publication.content ?? '',
    imageUrl: publication.image_url,
    youtubeUrl: publication.youtube_url ?? '',
    topicId: publication.topic_id ?? '',
    published: publication.published && !scheduled,
    sendForReview: false,
    scheduled,
    scheduleAt: scheduled ? toSaoPauloInput(publication.published_at) : '',
    isLead: publication.is_lead,
    signed: publication.signed,
    imageAlt: publication.image_alt ?? '',
    imageCredit: publication.image_credit ?? '',
    sponsored: publication.sponsor_name !== null,
    sponsorName: publication.sponsor_name ?? '',
    ...EMPTY_REVISION,
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
    // Without an image its texts mean nothing: they go with it.
    image_alt: (values.imageUrl && values.imageAlt.trim()) || null,
    image_credit: (values.imageUrl && values.imageCredit.trim()) || null,
    youtube_url: canonicalYoutubeUrl(values.youtubeUrl),
    topic_id: values.topicId,
    published: values.published || values.scheduled,
    // The form has already refused a scheduled story without a valid time.
    publish_at: values.scheduled ? (fromSaoPauloInput(values.scheduleAt)?.toISOString() ?? null) : null,
    is_lead: values.isLead && values.published,
    signed: values.signed,
    // Unticking the box makes the story the newsroom's own again: the sponsor is cleared.
    sponsor_name: (values.sponsored && values.sponsorName.trim()) || null,
    send_for_review: values.sendForReview === true,
    revision: revisionFromValues(values),
  };
}
