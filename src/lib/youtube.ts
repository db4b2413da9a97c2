// DESIGN §5: YouTube URLs are validated and embedded from the privacy-enhanced host.

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtu.be', 'www.youtube-nocookie.com']);

/** The 11-character video id of a watch, short, embed or shorts URL; null for anything else. */
export function youtubeVideoId(candidate: string | null | undefined): string | null {
  if (!candidate) return null;
  let url: URL;
  try {
    url = new URL(candidate.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (!YOUTUBE_HOSTS.has(url.hostname)) return null;
  const segments = url.pathname.split('/').filter(Boolean);
  const id =
    url.hostname === 'youtu.be'
      ? segments[0]
      : segments[0] === 'watch'
        ? url.searchParams.get('v')
        : segments[0] === 'embed' || segments[0] === 'shorts' || segments[0] === 'live'
          ? segments[1]
          : null;
  return id && VIDEO_ID.test(id) ? id : null;
}

/** The privacy-enhanced embed address, or null when the URL is not a YouTube video. */
export function youtubeEmbedUrl(candidate: string | null | undefined): string | null {
  const id = youtubeVideoId(candidate);
  return id ? `https://www.youtube-nocookie.com/embed/${id}` : null;
}
