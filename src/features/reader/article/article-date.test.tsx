import { render, screen } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { buildArticle } from '../../../../tests/support/row-factories';
import { STAY } from '../../../../tests/support/back-target';
import { ArticleView } from './article-view';

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
