// docs/product.md: YouTube URLs are validated before saving and embedded from the privacy-enhanced host.
// One parser for both sides: what the newsroom may save is exactly what readers can embed.

import { youtubeVideoIdOf } from './safe-urls';

export const YOUTUBE_URL_MESSAGE =
  'Informe um link válido do YouTube (youtube.com/watch?v=..., youtu.be/... ou youtube.com/shorts/...)';

/**
 * The 11-character video id of a watch, youtu.be, shorts, embed or live address; null for anything else. The rule is
 * the database's (src/lib/safe-urls.ts): the exact hosts, no user-info, no port. An address pasted without its
 * scheme ("youtu.be/…"), as editors often do, is read as https.
 */
export function youtubeVideoId(candidate: string | null | undefined): string | null {
  const text = candidate?.trim();
  if (!text) return null;
  return youtubeVideoIdOf(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`);
}

/** The address to store: one canonical form whatever variant was pasted, or null when it is not a video. */
export function canonicalYoutubeUrl(candidate: string | null | undefined): string | null {
  const id = youtubeVideoId(candidate);
  return id ? youtubeWatchUrl(id) : null;
}

/** The video's own page on YouTube. */
export function youtubeWatchUrl(videoId: string): string {
  return `https://www.youtube.com/watch?v=${videoId}`;
}

/**
 * The privacy-enhanced player, told to start at once: it is loaded only when the reader has asked for the video
 * (src/features/reader/article/video-facade.tsx), so a second tap on YouTube's own button would be one too many.
 */
export function youtubePlayerUrl(videoId: string): string {
  return `https://www.youtube-nocookie.com/embed/${videoId}?autoplay=1`;
}
