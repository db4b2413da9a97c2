// docs/product.md: YouTube URLs are validated before saving and embedded from the privacy-enhanced host.
// One parser for both sides: what the newsroom may save is exactly what readers can embed.

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);

export const YOUTUBE_URL_MESSAGE =
  'Informe um link válido do YouTube (youtube.com/watch?v=..., youtu.be/... ou youtube.com/shorts/...)';

/**
 * The 11-character video id of a watch, youtu.be, shorts, embed or live address; null for anything else.
 * Accepts an address pasted without its scheme ("youtu.be/…"), as editors often do.
 */
export function youtubeVideoId(candidate: string | null | undefined): string | null {
  const text = candidate?.trim();
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  let id: string | null | undefined = null;
  if (host === 'youtu.be') {
    id = url.pathname.split('/')[1];
  } else if (YOUTUBE_HOSTS.has(host)) {
    if (url.pathname === '/watch') id = url.searchParams.get('v');
    else id = /^\/(?:shorts|embed|live)\/([^/]+)\/?$/.exec(url.pathname)?.[1];
  }
  return id && VIDEO_ID.test(id) ? id : null;
}

/** The address to store: one canonical form whatever variant was pasted, or null when it is not a video. */
export function canonicalYoutubeUrl(candidate: string | null | undefined): string | null {
  const id = youtubeVideoId(candidate);
  return id ? `https://www.youtube.com/watch?v=${id}` : null;
}

/** The privacy-enhanced embed address, or null when the URL is not a YouTube video. */
export function youtubeEmbedUrl(candidate: string | null | undefined): string | null {
  const id = youtubeVideoId(candidate);
  return id ? `https://www.youtube-nocookie.com/embed/${id}` : null;
}
