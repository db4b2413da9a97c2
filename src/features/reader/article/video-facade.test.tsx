import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { VideoFacade } from './video-facade';

const TITLE = 'Rio Mogi-Guaçu sobe quase dois metros';
const VIDEO_ID = 'Xk3vQ9pLm2A';
const POSTER = '/images/seed/rio-mogi-guacu/original-800w.webp';

const facade = <VideoFacade videoId={VIDEO_ID} title={TITLE} posterSrc={POSTER} posterSizes="768px" />;

/** Anything in the markup a browser would fetch from YouTube's hosts, or that names them at all. */
const YOUTUBE_HOSTS = /youtube\.com|youtube-nocookie\.com|youtu\.be|ytimg\.com|googlevideo\.com/i;

/** The addresses a browser would load from this markup by itself: frames, images, scripts, styles, prefetches. */
function loadedAddresses(root: ParentNode): string[] {
  return [...root.querySelectorAll('iframe, img, script, link, source, video, object, embed')].flatMap((element) =>
    ['src', 'srcset', 'href', 'data', 'poster'].map((name) => element.getAttribute(name) ?? '').filter(Boolean),
  );
}

describe('VideoFacade', () => {
  it('shows the story’s own picture and a play button, and nothing from YouTube, until the reader asks', () => {
    const { container } = render(facade);
    const button = screen.getByRole('button', { name: `Reproduzir vídeo: ${TITLE}` });
    expect(button).toHaveTextContent('Reproduzir vídeo');
    expect(container.querySelector('iframe')).toBeNull();
    // The one thing it loads is the story's picture (and its renditions), from the site itself.
    expect(container.querySelector('img')).toHaveAttribute('src', POSTER);
    expect(loadedAddresses(container).every((address) => address.startsWith('/images/'))).toBe(true);
    // Not even an address: no player, no thumbnail, no link prefetch can reach YouTube from this markup.
    expect(container.innerHTML).not.toMatch(YOUTUBE_HOSTS);
  });

  it('starts the privacy-enhanced player in place of the poster when the button is pressed, with focus in it', async () => {
    const { container } = render(facade);
    const box = container.firstElementChild;
    await userEvent.click(screen.getByRole('button', { name: `Reproduzir vídeo: ${TITLE}` }));

    const player = screen.getByTitle(`Vídeo: ${TITLE}`);
    expect(player.tagName).toBe('IFRAME');
    expect(player).toHaveAttribute('src', `https://www.youtube-nocookie.com/embed/${VIDEO_ID}?autoplay=1`);
    expect(player.getAttribute('allow')).toContain('autoplay');
    expect(player).toHaveFocus();
    expect(screen.queryByRole('button', { name: /Reproduzir vídeo/ })).toBeNull();
    // The same box holds the player: the page below it does not move.
    expect(container.firstElementChild).toBe(box);
    expect(box).toContainElement(player);
  });

  it('is a link to the video on YouTube in the server’s markup, and the button once the app has hydrated it', async () => {
    const html = renderToString(facade);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    onTestFinished(() => container.remove());

    // Before the app starts (or without JavaScript) a tap still reaches the video, on YouTube, in a new tab.
    const link = screen.getByRole('link', { name: `Assistir no YouTube: ${TITLE} (abre em nova aba)` });
    expect(link).toHaveAttribute('href', `https://www.youtube.com/watch?v=${VIDEO_ID}`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(container.querySelector('iframe')).toBeNull();
    expect(loadedAddresses(container).filter((address) => YOUTUBE_HOSTS.test(address))).toEqual([]);

    const errors = vi.spyOn(console, 'error');
    const recoverable: unknown[] = [];
    const root = await act(() => hydrateRoot(container, facade, { onRecoverableError: (error) => recoverable.push(error) }));
    onTestFinished(() => act(() => root.unmount()));

    expect(screen.getByRole('button', { name: `Reproduzir vídeo: ${TITLE}` })).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.querySelector('iframe')).toBeNull();
    // Hydrated without a mismatch: React kept the server's markup instead of rendering the box again.
    expect(recoverable).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
  });
});
