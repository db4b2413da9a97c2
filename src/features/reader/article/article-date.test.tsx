import { render, screen } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { buildArticle } from '../../../../tests/support/row-factories';
import { STAY } from '../../../../tests/support/back-target';
import { ArticleView } from './article-view';
import { updatedHtml } from './readable-body';
import { ArticleLayout } from './article-layout';

describe("the article's date", () => {
  it('is the day in São Paulo for a story published there at 23:30, on a machine where it is already the next day', () => {
    // The runtime's own zone is one where 02:30Z is the 26th (a server in UTC, a reader in Tokyo): the page must not ask it.
    vi.stubEnv('TZ', 'Asia/Tokyo');
    onTestFinished(() => void vi.unstubAllEnvs());
    const publishedAt = '2026-11-26T02:30:00.000Z';
    expect(new Date(publishedAt).getDate()).toBe(26);

    render(<ArticleView article={buildArticle({ publishedAt })} shareUrl="https://example.com/noticia/1" back={STAY} />);

    expect(screen.getByText('25 de novembro de 2026')).toHaveAttribute('datetime', publishedAt);
  });
});

describe("the article's last change", () => {
  const show = (updated: string) =>
    render(<ArticleLayout article={{ ...buildArticle({ publishedAt: '2026-11-20T13:00:00.000Z' }), updatedHtml: updated }} bodyHtml={null} shareUrl={null} back={STAY} />);

  it("says 'Atualizado em' with São Paulo's day and time when the newsroom corrected the story", () => {
    show(updatedHtml('2026-11-21T12:05:00.000Z'));
    expect(screen.getByText('21/11/2026 às 09:05')).toHaveAttribute('datetime', '2026-11-21T12:05:00.000Z');
    expect(screen.getByText(/^Atualizado em/)).toBeInTheDocument();
  });

  it('says nothing for a story never corrected (a minor edit or another save is no correction)', () => {
    expect(updatedHtml(null)).toBe('');
    show('');
    expect(screen.queryByText(/Atualizado em/)).toBeNull();
  });
});
