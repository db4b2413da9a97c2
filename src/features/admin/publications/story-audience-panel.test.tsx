import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { StoryAudiencePanel } from './story-audience-panel';

// The story form's audience panel (issue 38): the story's figures over 30 days, a story nobody read yet, and a
// failure that leaves the form alone.

describe("the story form's audience panel", () => {
  it('shows views, readers, read depth, the share read to the end and the top sources', async () => {
    const load = () =>
      Promise.resolve({ views: 90, readers: 70, read25: 74, read50: 59, read75: 40, read100: 25, sources: [{ source: 'whatsapp', views: 40 }, { source: 'digest', views: 12 }] });
    render(<StoryAudiencePanel load={load} />);
    const panel = screen.getByRole('region', { name: 'Audiência nos últimos 30 dias' });
    expect(await screen.findByText('Visualizações')).toBeInTheDocument();
    expect(panel).toHaveTextContent('Visualizações90Leitores únicos70Leitura média55%Leram até o fim28%');
    expect(panel).toHaveTextContent('Principais fontes: WhatsApp (40), Newsletter (resumo diário) (12)');
  });

  it('says when nobody read the story in 30 days', async () => {
    render(<StoryAudiencePanel load={() => Promise.resolve({ views: 0, readers: 0, read25: 0, read50: 0, read75: 0, read100: 0, sources: [] })} />);
    expect(await screen.findByText('Nenhuma leitura registrada nos últimos 30 dias.')).toBeInTheDocument();
  });

  it('says it could not load, in pt-BR, and logs why', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<StoryAudiencePanel load={() => Promise.reject(new Error('offline'))} />);
    expect(await screen.findByText('Não foi possível carregar a audiência desta matéria.')).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledTimes(1);
    consoleError.mockRestore();
  });
});
