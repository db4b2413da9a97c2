import { describe, expect, it } from 'vitest';
import type { ServingCampaign } from '../../../services/ad-campaigns';
import { pickCampaign } from './ad-rotation';

const serving = (id: string): ServingCampaign => ({
  id,
  space: 'banner-lateral',
  image_url: `/storage/v1/object/public/ads/${id}.png`,
  image_width: 300,
  image_height: 600,
  mobile_image_url: null,
  mobile_image_width: null,
  mobile_image_height: null,
  alt_text: id,
  target_url: 'https://example.com.br/',
});

describe('pickCampaign', () => {
  it('gives the placeholder when nothing serves', () => {
    expect(pickCampaign([])).toBeNull();
    expect(pickCampaign([], serving('a'))).toBeNull();
  });

  it('draws each serving campaign with an equal share', () => {
    const campaigns = ['a', 'b', 'c'].map(serving);
    expect([0, 0.34, 0.67, 0.999999].map((draw) => pickCampaign(campaigns, null, () => draw)?.id)).toEqual(['a', 'b', 'c', 'c']);
  });

  it('keeps the creative a page shows while its campaign still serves, and draws again once it stops', () => {
    const campaigns = ['a', 'b', 'c'].map(serving);
    expect(pickCampaign(campaigns, serving('b'), () => 0)?.id).toBe('b');
    expect(pickCampaign(['a', 'c'].map(serving), serving('b'), () => 0.9)?.id).toBe('c');
  });
});
