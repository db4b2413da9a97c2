import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ServingCampaign } from '../../../services/ad-campaigns';
import { renderInRouter } from '../testing/render-in-router';
import { AdSpaceBox } from './ad-space';

const campaign = (fields: Partial<ServingCampaign> = {}): ServingCampaign => ({
  id: '6a1f1b7e-1d2c-4c55-9d1e-3f3b6f0a0001',
  space: 'banner-materia',
  image_url: '/storage/v1/object/public/ads/2026/loja-728.png',
  image_width: 728,
  image_height: 90,
  mobile_image_url: '/storage/v1/object/public/ads/2026/loja-320.png',
  mobile_image_width: 320,
  mobile_image_height: 50,
  alt_text: 'Loja do Centro: entrega grátis',
  target_url: 'https://loja-do-centro.com.br/',
  ...fields,
});

describe('AdSpaceBox', () => {
  it('shows a serving creative as a labelled advert that opens the advertiser’s page in a new tab', () => {
    renderInRouter(<AdSpaceBox space="banner-materia" campaign={campaign()} />);
    const space = screen.getByRole('complementary', { name: 'Publicidade' });
    const link = within(space).getByRole('link', { name: /Loja do Centro: entrega grátis/ });
    expect(link).toHaveAttribute('href', 'https://loja-do-centro.com.br/');
    expect(link).toHaveAttribute('rel', 'sponsored noopener');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAccessibleName(/^Loja do Centro: entrega grátis ?\(anúncio; abre em nova aba\)$/);
    expect(within(space).getByText('Publicidade')).toBeVisible();
    expect(within(space).queryByText('Espaço Publicitário')).toBeNull();
  });

  it('shows the placeholder with “Saiba mais” when no campaign serves', () => {
    renderInRouter(<AdSpaceBox space="banner-principal" campaign={null} />);
    const space = screen.getByRole('complementary', { name: 'Publicidade' });
    expect(within(space).getByText('Espaço Publicitário')).toBeVisible();
    expect(within(space).getByRole('link', { name: 'Saiba mais' })).toHaveAttribute('href', '/anuncie');
  });

  it('never renders a creative whose addresses break the site’s URL rules', () => {
    renderInRouter(
      <>
        <AdSpaceBox space="banner-materia" campaign={campaign({ target_url: 'javascript:alert(1)' })} />
        <AdSpaceBox space="banner-materia" campaign={campaign({ image_url: 'https://tracker.example/pixel.png' })} />
      </>,
    );
    expect(screen.getAllByText('Espaço Publicitário')).toHaveLength(2);
    expect(document.querySelector('a[rel~="sponsored"]')).toBeNull();
  });
});
