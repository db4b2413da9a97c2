// YouTube addresses the newsroom pastes (DESIGN §5: validated before saving; readers get the privacy-enhanced embed).

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com']);

export const YOUTUBE_URL_MESSAGE =
  'Informe um link válido do YouTube (youtube.com/watch?v=..., youtu.be/... ou youtube.com/shorts/...)';

/** The video id of a watch, youtu.be, shorts or embed address, or null when the text is not one of them. */
export function youtubeVideoId(input: string): string | null {
  const text = input.trim();
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
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
    else {
      const match = /^\/(?:shorts|embed|live)\/([^/]+)\/?$/.exec(url.pathname);
      id = match?.[1];
    }
  }
  return id && VIDEO_ID.test(id) ? id : null;
}
