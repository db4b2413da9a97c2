import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { useBrowser, waitForQuietNetwork } from '../support/browser.ts';
import { seed } from './reader-fixtures.ts';

// The story's video is a poster with a play button (src/features/reader/article/video-facade.tsx): YouTube is not
// asked for anything, player, thumbnail or script, until the reader presses play.

const YOUTUBE_HOSTS = /^https?:\/\/([a-z0-9-]+\.)*(youtube\.com|youtube-nocookie\.com|youtu\.be|ytimg\.com|googlevideo\.com|ggpht\.com)(\/|$)/i;
const VIDEO_ID = 'Xk3vQ9pLm2A';
const PLAYER_URL = `https://www.youtube-nocookie.com/embed/${VIDEO_ID}?autoplay=1`;

/** Every request the page's documents make to YouTube's hosts, from now on. */
function youtubeRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (YOUTUBE_HOSTS.test(request.url())) seen.push(request.url());
  });
  return seen;
}

/**
 * This machine cannot reach YouTube: the player's address answers with a stand-in page, so the journey sees the frame
 * load as a reader's browser would, without a network error.
 */
async function standInPlayer(page: Page): Promise<void> {
  await page.route(`https://www.youtube-nocookie.com/embed/**`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Player</title><p>player</p>' }),
  );
}

async function box(locator: Locator) {
  const rect = await locator.boundingBox();
  if (!rect) throw new Error('the element is not on the page');
  return rect;
}

describe('the video of a story', () => {
  const browser = useBrowser();

  it('asks YouTube for nothing until the reader presses play, then plays in the same place', async () => {
    const page = await browser.newPage('phone');
    const requests = youtubeRequests(page);
    await standInPlayer(page);
    await page.goto(`/noticia/${seed.flood.id}`);

    const play = page.getByRole('button', { name: `Reproduzir vídeo: ${seed.flood.title}` });
    await play.scrollIntoViewIfNeeded();
    await waitForQuietNetwork(page);
    expect(await page.locator('iframe').count()).toBe(0);
    expect(requests).toEqual([]);

    const poster = await box(play);
    expect(poster.width / poster.height).toBeCloseTo(16 / 9, 1);
    await play.click();

    const player = page.frameLocator(`iframe[title="Vídeo: ${seed.flood.title}"]`);
    await player.getByText('player').waitFor();
    expect(await page.locator('iframe').getAttribute('src')).toBe(PLAYER_URL);
    expect(requests).toEqual([PLAYER_URL]);
    // The player takes the poster's box: nothing around it moves.
    expect(await box(page.locator('iframe'))).toEqual(poster);
  });

  it('is a link to the video on YouTube before the app has started, and still asks YouTube for nothing', async () => {
    const page = await browser.newPage('phone', { javaScript: false });
    const requests = youtubeRequests(page);
    await page.goto(`/noticia/${seed.flood.id}`);

    const link = page.getByRole('link', { name: `Assistir no YouTube: ${seed.flood.title} (abre em nova aba)` });
    expect(await link.getAttribute('href')).toBe(`https://www.youtube.com/watch?v=${VIDEO_ID}`);
    await link.scrollIntoViewIfNeeded();
    await waitForQuietNetwork(page);
    expect(await page.locator('iframe').count()).toBe(0);
    expect(requests).toEqual([]);
  });
});
