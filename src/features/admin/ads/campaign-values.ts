import { AD_SPACES, CAMPAIGN_STATES, type Advertiser, type Campaign, type CampaignWithAdvertiser } from '../../../services/ad-campaigns';
import type { MediaKitRequest } from '../../../services/media-kit';
import type { FieldErrors } from '../../../components/form/use-validated-form';
import { isAdImageUrl, isSafeLinkUrl, IMAGE_URL_MESSAGE } from '../../../lib/safe-urls';
import type { AdSpace, CampaignState } from '../../../types/database';
import { creativeSize, sameSize, wrongSizeMessage, type CreativeKind } from './creative-rules';

/** The advertiser select's value for '+ Novo anunciante'. */
export const NEW_ADVERTISER = 'novo';

/**
 * A type rather than an interface: it is the save action's JSON body. Flat, as drafts are (form-draft.ts): a creative
 * is its URL (null: none) and its pixels (0 while there is none).
 */
export type CampaignFormValues = {
  /** An advertiser's id, NEW_ADVERTISER, or '' before one is chosen. */
  advertiserId: string;
  advertiserName: string;
  advertiserContact: string;
  space: AdSpace;
  imageUrl: string | null;
  imageWidth: number;
  imageHeight: number;
  mobileImageUrl: string | null;
  mobileImageWidth: number;
  mobileImageHeight: number;
  altText: string;
  targetUrl: string;
  /** YYYY-MM-DD, São Paulo's calendar. */
  startsOn: string;
  endsOn: string;
  state: CampaignState;
  /** The media-kit request the campaign came from ('Criar campanha'), or ''. */
  mediaKitRequestId: string;
};

/** The form's shape (what a stored draft must look like); a new campaign starts from newCampaignValues. */
export const EMPTY_CAMPAIGN: CampaignFormValues = {
  advertiserId: '',
  advertiserName: '',
  advertiserContact: '',
  space: 'banner-principal',
  imageUrl: null,
  imageWidth: 0,
  imageHeight: 0,
  mobileImageUrl: null,
  mobileImageWidth: 0,
  mobileImageHeight: 0,
  altText: '',
  targetUrl: '',
  startsOn: '',
  endsOn: '',
  state: 'ativa',
  mediaKitRequestId: '',
};

/** The request's contact as one line: 'Maria Silva · maria@x.com · (19) 99999-0000'. */
export function requestContact(request: Pick<MediaKitRequest, 'name' | 'email' | 'phone'>): string {
  return [request.name, request.email, request.phone].map((part) => part.trim()).filter(Boolean).join(' · ');
}

/**
 * A new campaign: starting today (São Paulo), 'Ativa'; for a new advertiser when there is none yet. From a media-kit
 * request, the advertiser is the request's company (its sender without one), reached through the sender, and the
 * space the one the request was interested in.
 */
export function newCampaignValues({ advertisers, request, today }: { advertisers: readonly Advertiser[]; request: MediaKitRequest | null; today: string }): CampaignFormValues {
  const values: CampaignFormValues = { ...EMPTY_CAMPAIGN, startsOn: today, advertiserId: advertisers.length === 0 ? NEW_ADVERTISER : '' };
  if (!request) return values;
  const interest = request.interest;
  return {
    ...values,
    advertiserId: NEW_ADVERTISER,
    advertiserName: request.company.trim() || request.name.trim(),
    advertiserContact: requestContact(request),
    space: interest !== 'outros' && AD_SPACES.includes(interest) ? interest : values.space,
    mediaKitRequestId: request.id,
  };
}

export function valuesFromCampaign(campaign: Campaign): CampaignFormValues {
  return {
    ...EMPTY_CAMPAIGN,
    advertiserId: campaign.advertiser_id,
    space: campaign.space,
    imageUrl: campaign.image_url,
    imageWidth: campaign.image_width,
    imageHeight: campaign.image_height,
    mobileImageUrl: campaign.mobile_image_url,
    mobileImageWidth: campaign.mobile_image_width ?? 0,
    mobileImageHeight: campaign.mobile_image_height ?? 0,
    altText: campaign.alt_text,
    targetUrl: campaign.target_url,
    startsOn: campaign.starts_on,
    endsOn: campaign.ends_on,
    state: campaign.state,
    mediaKitRequestId: campaign.media_kit_request_id ?? '',
  };
}

/** What is saved: a space without a phone variant saves none, whatever the form kept from another space. */
export function toCampaignInput(values: CampaignFormValues): CampaignWithAdvertiser {
  const phone = creativeSize(values.space, 'phone') !== null && values.mobileImageUrl !== null;
  return {
    advertiser:
      values.advertiserId === NEW_ADVERTISER
        ? { name: values.advertiserName.trim(), contact: values.advertiserContact.trim() }
        : { id: values.advertiserId },
    campaign: {
      space: values.space,
      image_url: values.imageUrl ?? '',
      image_width: values.imageWidth,
      image_height: values.imageHeight,
      mobile_image_url: phone ? values.mobileImageUrl : null,
      mobile_image_width: phone ? values.mobileImageWidth : null,
      mobile_image_height: phone ? values.mobileImageHeight : null,
      alt_text: values.altText.trim(),
      target_url: values.targetUrl.trim(),
      starts_on: values.startsOn,
      ends_on: values.endsOn,
      state: values.state,
      media_kit_request_id: values.mediaKitRequestId || null,
    },
  };
}

/** The columns' limits (migration 20261127090000), counted by code point as Postgres' char_length does. */
export const ADVERTISER_NAME_MAX = 160;
export const ADVERTISER_CONTACT_MAX = 254;
export const ALT_TEXT_MAX = 200;
const TARGET_URL_MAX = 2048;
const length = (text: string) => [...text.trim()].length;

export const LINK_MESSAGE = 'Informe um link https válido';
export const DATES_OUT_OF_ORDER = 'O término deve ser no mesmo dia ou depois do início';

/** A creative's problem for the space, or null: missing where needed, not in the 'ads' bucket, or of another size. */
function creativeError(values: CampaignFormValues, kind: CreativeKind): string | null {
  const expected = creativeSize(values.space, kind);
  if (!expected) return null;
  const [url, width, height] =
    kind === 'desktop' ? [values.imageUrl, values.imageWidth, values.imageHeight] : [values.mobileImageUrl, values.mobileImageWidth, values.mobileImageHeight];
  if (!url) return kind === 'desktop' ? 'Envie a imagem do anúncio' : 'Envie a versão para celular';
  if (!isAdImageUrl(url)) return IMAGE_URL_MESSAGE;
  return sameSize(expected, { width, height }) ? null : wrongSizeMessage(expected, { width, height });
}

/** The database's checks on a campaign (and on a new advertiser), said next to each field before saving. */
export function validateCampaign(values: CampaignFormValues): FieldErrors<CampaignFormValues> {
  const errors: FieldErrors<CampaignFormValues> = {};
  if (!values.advertiserId) errors.advertiserId = 'Selecione o anunciante';
  if (values.advertiserId === NEW_ADVERTISER) {
    if (!values.advertiserName.trim()) errors.advertiserName = 'Informe o nome do anunciante';
    else if (length(values.advertiserName) > ADVERTISER_NAME_MAX) errors.advertiserName = `O nome deve ter no máximo ${ADVERTISER_NAME_MAX} caracteres`;
    if (!values.advertiserContact.trim()) errors.advertiserContact = 'Informe o contato do anunciante';
    else if (length(values.advertiserContact) > ADVERTISER_CONTACT_MAX) errors.advertiserContact = `O contato deve ter no máximo ${ADVERTISER_CONTACT_MAX} caracteres`;
  }
  if (!AD_SPACES.includes(values.space)) errors.space = 'Selecione o espaço';
  else {
    const image = creativeError(values, 'desktop');
    if (image) errors.imageUrl = image;
    const phone = creativeError(values, 'phone');
    if (phone) errors.mobileImageUrl = phone;
  }
  if (!values.altText.trim()) errors.altText = 'Informe o texto alternativo';
  else if (length(values.altText) > ALT_TEXT_MAX) errors.altText = `O texto alternativo deve ter no máximo ${ALT_TEXT_MAX} caracteres`;
  if (!values.targetUrl.trim()) errors.targetUrl = 'Informe o link de destino';
  else if (values.targetUrl.trim().length > TARGET_URL_MAX || !isSafeLinkUrl(values.targetUrl.trim())) errors.targetUrl = LINK_MESSAGE;
  if (!values.startsOn) errors.startsOn = 'Informe a data de início';
  if (!values.endsOn) errors.endsOn = 'Informe a data de término';
  else if (values.startsOn && values.endsOn < values.startsOn) errors.endsOn = DATES_OUT_OF_ORDER;
  if (!CAMPAIGN_STATES.includes(values.state)) errors.state = 'Selecione a situação';
  return errors;
}
