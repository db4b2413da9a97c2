import { act, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AudienceReport } from '../../../services/audience';
import { AudienceFigures, sourcesByDay } from './audience-view';
import { ReadersNow, READERS_NOW_INTERVAL_MS } from './readers-now';
import { niceCeiling } from './stacked-bars';

// The 'Audiência' screen's figures as the editor sees them (docs/decisions/0053): each table's rows and its CSV, the
// sources chart and its numbers, Web Vitals rated in pt-BR, and 'Lendo agora' refreshing only while the tab is seen.

const report: AudienceReport = {
  period: 7,
  totals: { views: 152, readers: 95, storyViews: 102, visibleSeconds: 4500, read25: 84, read50: 65, read75: 44, read100: 27 },
  topStories: [
    {
      publicationId: 'a1',
      title: 'Ponte do rio Mogi-Guaçu reaberta',
      views: 90,
      readers: 70,
      read25: 74,
      read50: 59,
      read75: 40,
      read100: 25,
      sources: [
        { source: 'whatsapp', views: 40 },
        { source: 'facebook', views: 30 },
        { source: 'google-search', views: 20 },
      ],
    },
    { publicationId: 'b2', title: '=Câmara; aprova orçamento', views: 12, readers: 12, read25: 10, read50: 6, read75: 4, read100: 2, sources: [{ source: 'digest', views: 12 }] },
  ],
  topics: [{ name: 'Porto Ferreira', stories: 1, views: 90, read25: 74, read100: 25 }],
  authors: [{ name: 'Redação', stories: 1, views: 12, read25: 10, read100: 2 }],
  sources: [
    { day: '2026-11-26', source: 'facebook', views: 30, readers: 25 },
    { day: '2026-11-29', source: 'direct', views: 50, readers: 35 },
    { day: '2026-11-29', source: 'whatsapp', views: 40, readers: 30 },
  ],
  digest: {
    sends: { sends: 1, recipients: 40, sent: 38, failed: 2 },
    unsubscribes: 1,
    clicks: [{ campaign: 'resumo-2026-11-29', publicationId: 'b2', title: '=Câmara; aprova orçamento', clicks: 12 }],
  },
  vitals: [
    { pageType: 'article', device: 'mobile', metric: 'LCP', samples: 10, p75: 2500, good: 8 },
    { pageType: 'article', device: 'mobile', metric: 'INP', samples: 4, p75: 300, good: 3 },
    { pageType: 'home', device: 'desktop', metric: 'CLS', samples: 5, p75: 0.3, good: 1 },
  ],
};

function renderFigures() {
  const router = createMemoryRouter([{ path: '*', element: <AudienceFigures report={report} today="2026-11-29" readersNow={<p>agora</p>} /> }]);
  render(<RouterProvider router={router} />);
}

/** What a sighted reader sees of an element: without the column names the cards repeat for their eyes only. */
function seen(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return copy.textContent ?? '';
}

const tableNamed = (name: string) => screen.getByRole('table', { name });
const csvOf = (label: string) => decodeURIComponent(screen.getByRole('link', { name: `Baixar CSV: ${label}` }).getAttribute('href')!.replace(/^data:text\/csv;charset=utf-8,/, ''));

afterEach(() => vi.useRealTimers());

describe('the figures of a period', () => {
  it('shows the totals, the top stories with depth and sources, and links each story to its form', () => {
    renderFigures();
    expect(screen.getByText('152')).toBeInTheDocument();
    expect(screen.getByText('95')).toBeInTheDocument();
    const stories = tableNamed('Matérias mais lidas no período');
    const lead = within(stories).getByRole('row', { name: /Ponte do rio/ });
    expect(within(lead).getAllByRole('cell').slice(1).map(seen)).toEqual([
      '90', '70', '55%', '82%', '66%', '44%', '28%', 'WhatsApp (40), Facebook (30), Busca do Google (20)',
    ]);
    expect(within(lead).getByRole('link', { name: 'Ponte do rio Mogi-Guaçu reaberta' })).toHaveAttribute('href', '/admin/publications/a1/edit');
  });

  it("gives every table a CSV for a Brazilian spreadsheet, a title's formula defused", () => {
    renderFigures();
    const csv = csvOf('Matérias mais lidas no período');
    expect(csv.startsWith('\uFEFFMatéria;Visualizações;Leitores únicos;')).toBe(true);
    expect(csv).toContain('Ponte do rio Mogi-Guaçu reaberta;90;70;55%;74;59;40;25;WhatsApp (40), Facebook (30), Busca do Google (20)\r\n');
    expect(csv).toContain(`"'=Câmara; aprova orçamento";12;12;`);
    for (const label of ['Tópicos no período', 'Autores no período', 'Visualizações por dia e fonte', 'Cliques da newsletter por matéria', 'Web Vitals por página e dispositivo']) {
      expect(csvOf(label)).toMatch(/^\uFEFF/);
    }
    expect(csvOf('Visualizações por dia e fonte')).toBe('\uFEFFDia;Acesso direto;WhatsApp;Facebook\r\n2026-11-26;0;0;30\r\n2026-11-29;50;40;0\r\n');
  });

  it('draws the sources over time as a chart hidden from screen readers, whose numbers are the table', () => {
    renderFigures();
    const chart = document.querySelector('figure > svg[aria-hidden="true"]');
    expect(chart?.querySelectorAll('rect')).toHaveLength(3);
    const table = tableNamed('Visualizações por dia e fonte');
    expect(seen(within(table).getByRole('row', { name: /29\/11\/2026/ }))).toBe('29/11/202650400');
  });

  it('shows the digest and rates Web Vitals in pt-BR', () => {
    renderFigures();
    const digest = screen.getByRole('region', { name: 'Newsletter' });
    expect(within(digest).getByText('Descadastros').nextSibling).toHaveTextContent('1');
    expect(within(digest).getByText('de 40 destinatários')).toBeInTheDocument();
    const vitals = tableNamed('Web Vitals por página e dispositivo');
    const rows = within(vitals).getAllByRole('row').slice(1).map(seen);
    expect(rows).toEqual([
      'MatériaCelularLCP (maior conteúdo visível)2,5 sBom80%10',
      'MatériaCelularINP (resposta ao toque)300 msPrecisa melhorar75%4',
      'Página inicialComputadorCLS (estabilidade do layout)0,30Ruim20%5',
    ]);
  });

  it('pivots the sources by day, most viewed source first, and rounds the axis', () => {
    expect(sourcesByDay(report.sources).sources).toEqual(['direct', 'whatsapp', 'facebook']);
    expect([0, 7, 90, 120, 4999].map(niceCeiling)).toEqual([1, 10, 100, 200, 5000]);
  });
});

describe("'Lendo agora'", () => {
  function setVisibility(state: 'visible' | 'hidden') {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
    document.dispatchEvent(new Event('visibilitychange'));
  }

  it('asks again every 30 seconds while the tab is visible, not while it is hidden, and at once on return', async () => {
    vi.useFakeTimers();
    setVisibility('visible');
    const load = vi.fn<() => Promise<number>>().mockResolvedValue(7);
    render(<ReadersNow initial={3} load={load} />);
    expect(screen.getByText('3')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(READERS_NOW_INTERVAL_MS));
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByText('7')).toBeInTheDocument();
    act(() => setVisibility('hidden'));
    await act(() => vi.advanceTimersByTimeAsync(READERS_NOW_INTERVAL_MS * 3));
    expect(load).toHaveBeenCalledTimes(1);
    load.mockResolvedValue(1);
    await act(async () => {
      setVisibility('visible');
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByText('leitor')).toBeInTheDocument();
  });

  it('keeps the last figure and says so when a refresh fails', async () => {
    vi.useFakeTimers();
    setVisibility('visible');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<ReadersNow initial={4} load={() => Promise.reject(new Error('offline'))} />);
    await act(() => vi.advanceTimersByTimeAsync(READERS_NOW_INTERVAL_MS));
    expect(screen.getByText('4')).toBeInTheDocument();
    expect(screen.getByText(/Não foi possível atualizar agora/)).toBeInTheDocument();
  });
});
