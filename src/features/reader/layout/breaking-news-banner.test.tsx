import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BreakingNews } from '../../../services/breaking-news';
import { controllablePromise, renderInRouter, settle } from '../testing/render-in-router';
import { BreakingNewsSlot } from './breaking-news-banner';

const NOW = new Date('2026-11-28T15:00:00.000Z');
const news: BreakingNews = {
  id: '7d1c5a0e-2f7b-4c55-9a57-3f1f9c0a2b11',
  title: 'Temporal derruba árvores e deixa bairros sem energia',
  urgentUntil: new Date(NOW.getTime() + 5 * 60_000).toISOString(),
};

afterEach(() => vi.useRealTimers());

describe('the breaking-news banner', () => {
  it("is a region named 'Plantão' whose link opens the urgent story's page", () => {
    renderInRouter(<BreakingNewsSlot news={news} />);
    const region = screen.getByRole('region', { name: 'Plantão' });
    expect(within(region).getByText('Plantão')).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: news.title })).toHaveAttribute(
      'href',
      '/noticia/7d1c5a0e-2f7b-4c55-9a57-3f1f9c0a2b11/temporal-derruba-arvores-e-deixa-bairros-sem-energia',
    );
  });

  it('leaves its slot empty, taking no room, without an urgent story', () => {
    const { container } = renderInRouter(<BreakingNewsSlot news={null} />);
    expect(screen.queryByRole('region', { name: 'Plantão' })).not.toBeInTheDocument();
    expect(container.querySelector('[data-breaking-news]')).toBeEmptyDOMElement();
  });

  it('goes by itself at its end time while the page stays open', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    renderInRouter(<BreakingNewsSlot news={news} />);
    expect(screen.getByRole('region', { name: 'Plantão' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(5 * 60_000 - 1_000));
    expect(screen.getByRole('region', { name: 'Plantão' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.queryByRole('region', { name: 'Plantão' })).not.toBeInTheDocument();
  });

  it('drops a banner whose end passed before the page was opened (a page kept by a cache)', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    renderInRouter(<BreakingNewsSlot news={{ ...news, urgentUntil: new Date(NOW.getTime() - 1_000).toISOString() }} />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.queryByRole('region', { name: 'Plantão' })).not.toBeInTheDocument();
  });

  it('shows the answer once it arrives when the page had none (a first visit without the HTML carrying it)', async () => {
    const answer = controllablePromise<BreakingNews | null>();
    renderInRouter(<BreakingNewsSlot news={answer.promise} />);
    expect(screen.queryByRole('region', { name: 'Plantão' })).not.toBeInTheDocument();
    await settle(() => answer.resolve({ ...news, urgentUntil: new Date(Date.now() + 60_000).toISOString() }));
    expect(await screen.findByRole('region', { name: 'Plantão' })).toBeInTheDocument();
  });
});
