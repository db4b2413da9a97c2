import { describe, expect, it } from 'vitest';
import type { MediaKitRequest } from '../../../services/media-kit';
import { newCampaignValues } from './campaign-values';

const REQUEST: MediaKitRequest = {
  id: '00000000-0000-4000-8000-0000000000c1',
  name: 'João Lima',
  company: 'Auto Peças Lima',
  email: 'joao@lima.com.br',
  phone: '(19) 3581-0000',
  interest: 'banner-materia',
  message: null,
  created_at: '2026-11-20T12:00:00Z',
  handled_at: null,
};

describe('a new campaign from a media-kit request', () => {
  it('takes the company as the new advertiser, the sender as the contact and the space asked for', () => {
    expect(newCampaignValues({ advertisers: [], request: REQUEST, today: '2026-11-27' })).toMatchObject({
      advertiserId: 'novo',
      advertiserName: 'Auto Peças Lima',
      advertiserContact: 'João Lima · joao@lima.com.br · (19) 3581-0000',
      space: 'banner-materia',
      startsOn: '2026-11-27',
      mediaKitRequestId: REQUEST.id,
    });
  });

  it("names the advertiser after the sender when the company is blank, and keeps Banner Principal for 'outros'", () => {
    expect(newCampaignValues({ advertisers: [], request: { ...REQUEST, company: '  ', interest: 'outros' }, today: '2026-11-27' })).toMatchObject({
      advertiserName: 'João Lima',
      space: 'banner-principal',
    });
  });
});
