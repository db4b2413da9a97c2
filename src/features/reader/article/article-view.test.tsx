import { render, screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { renderToString } from 'react-dom/server';
import { normalizeNewsApiArticle } from '../../../services/news/news-api';
import { buildArticle } from '../../../../tests/support/row-factories';
import { STAY } from '../../../../tests/support/back-target';
import { ArticleView } from './article-view';
import { ShareButtons } from './share-buttons';

const SHARE_URL = 'https://example.com/noticia/1/feira-de-ceramica-artistica-reune-46-atelies';
const ENCODED_SHARE_URL = 'https%3A%2F%2Fexample.com%2Fnoticia%2F1%2Ffeira-de-ceramica-artistica-reune-46-atelies';

/** The Web Share API, which jsdom (like a desktop Firefox) does not have: present only for the test that adds it. */
function withWebShare(share: (data: ShareData) => Promise<void>) {
  Object.defineProperty(navigator, 'share', { configurable: true, writable: true, value: share });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'share');
  vi.restoreAllMocks();
});

describe('ArticleView', () => {
  it('shows everything docs/product.md §2 lists for a local publication', () => {
    const article = buildArticle({
      title: 'Feira de Cerâmica Artística reúne 46 ateliês',
      description: 'Evento vai de quinta a domingo.',
      category: 'Cultura',
      publishedAt: '2026-11-14T09:30:00-03:00',
      imageUrl: '/images/seed/feira-ceramica.webp',
      content: '<h2>Oficinas</h2><p>Entrada <strong>gratuita</strong>.</p>',
    });
    render(<ArticleView article={article} shareUrl={SHARE_URL} back={STAY} />);

    expect(screen.getByRole('heading', { level: 1, name: article.title })).toBeInTheDocument();
    expect(screen.getByText('Cultura')).toBeInTheDocument();
    expect(screen.getByText('14 de novembro de 2026')).toBeInTheDocument();
    expect(screen.getByText('Evento vai de quinta a domingo.')).toBeInTheDocument();
    expect(screen.getByText('Redação')).toBeInTheDocument();
    expect(screen.getByText('Jornalista')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: article.title })).toHaveAttribute('src', '/images/seed/feira-ceramica.webp');
    expect(screen.getByText('Foto: Porto Ferreira Notícias')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Oficinas' })).toBeInTheDocument();
    expect(screen.getByText('gratuita').tagName).toBe('STRONG');
    const share = screen.getByRole('region', { name: 'Compartilhe esta notícia' });
    // Every network gets the readable address.
    expect(within(share).getByRole('link', { name: 'Compartilhar no Facebook (abre em nova aba)' })).toHaveAttribute(
      'href',
      `https://www.facebook.com/sharer/sharer.php?u=${ENCODED_SHARE_URL}`,
    );
    expect(within(share).getByRole('link', { name: /no X/ })).toHaveAttribute('href', expect.stringContaining(`url=${ENCODED_SHARE_URL}`));
    expect(within(share).getByRole('link', { name: /LinkedIn/ })).toHaveAttribute(
      'href',
      `https://www.linkedin.com/sharing/share-offsite/?url=${ENCODED_SHARE_URL}`,
    );
    const whatsApp = within(share).getByRole('link', { name: 'Compartilhar no WhatsApp (abre em nova aba)' });
    expect(whatsApp).toHaveAttribute('href', `https://wa.me/?text=${encodeURIComponent(`${article.title} ${SHARE_URL}`)}`);
    expect(whatsApp).toHaveAttribute('target', '_blank');
    expect(whatsApp).toHaveAttribute('rel', 'noopener noreferrer');
    // The share buttons appear under the title and again in the closing section.
    expect(screen.getAllByRole('button', { name: 'Copiar link' })).toHaveLength(2);
  });

  it('sets the document title and description from the article', () => {
    const article = buildArticle({ title: 'Recapeamento chega a 12 ruas', description: 'Obras começam na segunda-feira.' });
    render(<ArticleView article={article} shareUrl="https://example.com" back={STAY} />);
    expect(document.title).toBe('Recapeamento chega a 12 ruas | Porto Ferreira Notícias');
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', 'Obras começam na segunda-feira.');
  });

  it('sanitises the body before rendering it', () => {
    const article = buildArticle({
      content: '<p onclick="steal()">Texto</p><script>window.hacked = true</script><a href="javascript:alert(1)">link</a><img src=x onerror="steal()">',
    });
    const { container } = render(<ArticleView article={article} shareUrl="https://example.com" back={STAY} />);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onclick]')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(screen.getByText('link')).not.toHaveAttribute('href');
  });

  it('offers the video behind a play button, and plays it from the privacy-enhanced host when pressed', async () => {
    const article = buildArticle({ youtubeUrl: 'https://www.youtube.com/watch?v=Xk3vQ9pLm2A' });
    render(<ArticleView article={article} shareUrl="https://example.com" back={STAY} />);
    expect(screen.queryByTitle(`Vídeo: ${article.title}`)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: `Reproduzir vídeo: ${article.title}` }));
    expect(screen.getByTitle(`Vídeo: ${article.title}`)).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/Xk3vQ9pLm2A?autoplay=1');
  });

  it('renders an external article as text, with its source in the caption and a link to the original', () => {
    const article = buildArticle({
      origin: 'external',
      content: 'Primeiro parágrafo.\n\nSegundo <b>parágrafo</b>.',
      sourceName: 'Jornal Regional',
      url: 'https://example.com/original',
      imageUrl: null,
      category: 'Esportes',
    });
    render(<ArticleView article={article} shareUrl="https://example.com/original" back={STAY} />);
    expect(screen.getByText('Primeiro parágrafo.')).toBeInTheDocument();
    // Text from the service is never parsed as HTML.
    expect(screen.getByText('Segundo <b>parágrafo</b>.')).toBeInTheDocument();
    expect(screen.getByText('Foto: Jornal Regional')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: article.title })).toHaveAttribute('src', '/images/fallback/sports.webp');
    expect(screen.getByRole('link', { name: /Leia a matéria completa em Jornal Regional/ })).toHaveAttribute('href', 'https://example.com/original');
  });

  it("captions the photo of a news-service item without a source with the product's name (docs/product.md §2)", () => {
    const article = normalizeNewsApiArticle(
      { source: { id: null, name: null }, title: 'Chuva forte atinge o interior paulista', url: 'https://example.com/chuva' },
      'Nacional',
    );
    if (!article) throw new Error('the item should normalise');
    render(<ArticleView article={article} shareUrl="https://example.com/chuva" back={STAY} />);
    expect(screen.getByText('Foto: Porto Ferreira Notícias')).toBeInTheDocument();
    expect(screen.queryByText('Foto: Redação')).not.toBeInTheDocument();
  });

  it('falls back to the default image when the image fails to load', () => {
    const article = buildArticle({ imageUrl: '/images/seed/missing.webp' });
    render(<ArticleView article={article} shareUrl="https://example.com" back={STAY} />);
    const image = screen.getByRole('img', { name: article.title });
    image.dispatchEvent(new Event('error'));
    return waitFor(() => expect(image).toHaveAttribute('src', '/images/fallback/default.webp'));
  });

  it('copies the link and confirms it visibly', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    render(<ArticleView article={buildArticle()} shareUrl="https://example.com/noticia/9" back={STAY} />);
    await user.click(screen.getAllByRole('button', { name: 'Copiar link' })[0]!);
    expect(writeText).toHaveBeenCalledWith('https://example.com/noticia/9');
    expect(screen.getAllByRole('status').some((status) => status.textContent === 'Link copiado!')).toBe(true);
  });

  it("offers the system share sheet only where the browser has one", () => {
    render(<ArticleView article={buildArticle()} shareUrl={SHARE_URL} back={STAY} />);
    expect(screen.queryByRole('button', { name: 'Compartilhar' })).not.toBeInTheDocument();
  });

  it("shares the title and the readable address through the system share sheet", async () => {
    const user = userEvent.setup();
    const share = vi.fn<(data: ShareData) => Promise<void>>().mockResolvedValue(undefined);
    withWebShare(share);
    const article = buildArticle({ title: 'Feira de Cerâmica Artística reúne 46 ateliês' });
    render(<ArticleView article={article} shareUrl={SHARE_URL} back={STAY} />);
    // Under the title and in the closing section, like the other share buttons.
    const buttons = screen.getAllByRole('button', { name: 'Compartilhar' });
    expect(buttons).toHaveLength(2);
    await user.click(buttons[0]!);
    expect(share).toHaveBeenCalledExactlyOnceWith({ title: article.title, url: SHARE_URL });
    expect(screen.getAllByRole('status').every((status) => status.textContent === '')).toBe(true);
  });

  it('leaves the share sheet button out of the prerendered HTML and adds it once hydrated, without a mismatch', async () => {
    const consoleError = vi.spyOn(console, 'error');
    withWebShare(vi.fn<(data: ShareData) => Promise<void>>());
    const container = document.createElement('div');
    container.innerHTML = renderToString(<ShareButtons url={SHARE_URL} title="Título" />);
    document.body.append(container);
    onTestFinished(() => container.remove());
    expect(within(container).queryByRole('button', { name: 'Compartilhar' })).not.toBeInTheDocument();
    // Copying needs the app: shown, disabled, until it has started.
    expect(within(container).getByRole('button', { name: 'Copiar link' })).toBeDisabled();

    render(<ShareButtons url={SHARE_URL} title="Título" />, { container, hydrate: true });
    await waitFor(() => expect(within(container).getByRole('button', { name: 'Copiar link' })).toBeEnabled());
    expect(await within(container).findByRole('button', { name: 'Compartilhar' })).toBeInTheDocument();
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('says nothing when the reader closes the share sheet, and says so when sharing fails', async () => {
    const user = userEvent.setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const share = vi
      .fn<(data: ShareData) => Promise<void>>()
      .mockRejectedValueOnce(new DOMException('Share canceled', 'AbortError'))
      .mockRejectedValueOnce(new DOMException('Not allowed', 'NotAllowedError'));
    withWebShare(share);
    render(<ArticleView article={buildArticle()} shareUrl={SHARE_URL} back={STAY} />);

    await user.click(screen.getAllByRole('button', { name: 'Compartilhar' })[0]!);
    expect(share).toHaveBeenCalledOnce();
    expect(screen.getAllByRole('status').every((status) => status.textContent === '')).toBe(true);
    expect(warn).not.toHaveBeenCalled();

    await user.click(screen.getAllByRole('button', { name: 'Compartilhar' })[0]!);
    expect(await screen.findByText('Não foi possível compartilhar a notícia.')).toBeInTheDocument();
    expect(warn).toHaveBeenCalledOnce();
  });

  it("offers 'Voltar para as notícias' as a link, which a plain click follows through the app", async () => {
    const follow = vi.fn();
    render(<ArticleView article={buildArticle()} shareUrl="https://example.com" back={{ href: '/', follow }} />);
    const link = screen.getByRole('link', { name: 'Voltar para as notícias' });
    // Before the app has started the browser follows it: the page's HTML is a link home.
    expect(link).toHaveAttribute('href', '/');
    await userEvent.click(link);
    expect(follow).toHaveBeenCalledOnce();
  });

  it("leaves a click that opens 'Voltar para as notícias' elsewhere to the browser", () => {
    const follow = vi.fn();
    // A fragment, which jsdom can follow, stands for the home page here.
    render(<ArticleView article={buildArticle()} shareUrl="https://example.com" back={{ href: '#inicio', follow }} />);
    const link = screen.getByRole('link', { name: 'Voltar para as notícias' });
    const newTabClick = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ctrlKey: true });
    const notCancelled = link.dispatchEvent(newTabClick);
    expect(notCancelled).toBe(true);
    expect(follow).not.toHaveBeenCalled();
  });
});
