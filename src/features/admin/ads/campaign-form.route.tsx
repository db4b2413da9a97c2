import { findCampaign, listAdvertisers, saveCampaignWithAdvertiser } from '../../../services/ad-campaigns';
import { uploadAdCreative } from '../../../services/ad-creatives';
import { browserClient } from '../../../services/browser-client';
import type { Client } from '../../../services/client';
import { getMediaKitRequest } from '../../../services/media-kit';
import { todayInputValue } from '../../../lib/dates';
import { resourceFormRoute } from '../shared/resource-form-route';
import type { UploadImage } from '../shared/image-upload-field';
import { CampaignForm } from './campaign-form';
import { CAMPAIGN_RESOURCE } from './campaign-resource';
import { newCampaignValues, toCampaignInput, valuesFromCampaign } from './campaign-values';

const uploadCreative: UploadImage = (file, onProgress) => uploadAdCreative(browserClient(), file, onProgress);

/**
 * The advertisers to choose from; for a new campaign from a media-kit request ('Criar campanha': `?pedido=<id>`),
 * that request too (an unknown one gives the empty form), and São Paulo's today as its first day.
 */
async function loadChoices(client: Client, { request, id }: { request: Request; id: string | undefined }) {
  const requestId = id ? null : new URL(request.url).searchParams.get('pedido');
  const [advertisers, mediaKitRequest] = await Promise.all([listAdvertisers(client), requestId ? getMediaKitRequest(client, requestId) : null]);
  return { advertisers, mediaKitRequest, today: todayInputValue() };
}

export const { loader, action, Component, ErrorBoundary } = resourceFormRoute(CAMPAIGN_RESOURCE, {
  service: { get: findCampaign, save: saveCampaignWithAdvertiser },
  values: {
    fromRow: valuesFromCampaign,
    empty: (extra) => newCampaignValues({ advertisers: extra?.advertisers ?? [], request: extra?.mediaKitRequest ?? null, today: extra?.today ?? todayInputValue() }),
    toInput: toCampaignInput,
  },
  loadExtra: loadChoices,
  renderForm: (props, { extra }) => <CampaignForm {...props} advertisers={extra?.advertisers ?? []} upload={uploadCreative} />,
});
