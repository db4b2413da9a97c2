// The URL rules of the stored fields (docs/decisions/0015): one definition, written twice. The database
// checks publications.youtube_url with private.is_youtube_url and publications.image_url / obituaries.photo_url with
// private.is_safe_image_url (supabase/migrations/20261123170000_security_hardening.sql), using these same regular
// expressions; tests/security/url-rules.test.ts feeds one corpus to both and requires the same verdict on each.
// The expressions use only what JavaScript and Postgres read alike: anchors, groups, alternation, bracket classes
// with ASCII ranges, counted repetition and one negative lookahead; case-sensitive.

const VIDEO_ID = '[A-Za-z0-9_-]{11}';

/**
 * A YouTube video: http(s), the host exactly youtube.com, www.youtube.com, m.youtube.com, youtu.be,
 * youtube-nocookie.com or www.youtube-nocookie.com (lower case), no user-info, no port, the video id in the usual
 * shapes, and a query or fragment of plain characters only.
 */
export const YOUTUBE_URL_PATTERN =
  '^https?://(((www|m)\\.)?youtube\\.com/(watch\\?([A-Za-z0-9_.-]+=[A-Za-z0-9_.-]*&)*v=' +
  VIDEO_ID +
  '|(shorts|embed|live)/' +
  VIDEO_ID +
  ')|youtu\\.be/' +
  VIDEO_ID +
  '|(www\\.)?youtube-nocookie\\.com/embed/' +
  VIDEO_ID +
  ')/?([?&#][A-Za-z0-9_.=&-]*)?$';

const SAFE_SEGMENTS = '[A-Za-z0-9_-][A-Za-z0-9._-]*(/[A-Za-z0-9_-][A-Za-z0-9._-]*)*';

/** The project's own storage: hosted, the local backend on loopback, or relative to the page. */
const OWN_STORAGE = '^(https://[a-z0-9-]+\\.supabase\\.co|https?://(localhost|127\\.0\\.0\\.1|\\[::1\\])(:[0-9]{1,5})?)?/storage/v1/object/public/';

/**
 * https on a plain host (no user-info, no port) with none of the characters that could end an attribute or a CSS
 * url() and no `.`/`..` path segment: an outside image, and an advertiser's destination link (private.is_safe_link_url).
 */
export const SAFE_HTTPS_URL_PATTERN =
  '^(?![^?#]*/\\.\\.?([/?#]|$))https://[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)*([/?#]([A-Za-z0-9._~!$&*+,;=:@/?#-]|%[0-9A-Fa-f]{2})*)?$';

/** An advertising creative: a file of the site's own 'ads' bucket (private.is_ad_image_url). */
export const AD_IMAGE_URL_PATTERN = OWN_STORAGE + 'ads/' + SAFE_SEGMENTS + '$';

/**
 * Images: the project's own storage (either image bucket; hosted, the local backend on loopback, or relative), the
 * app's own static images, or https on a plain host (no user-info, no port) with none of the characters that could
 * end an attribute or a CSS url() and no `.`/`..` path segment.
 */
export const SAFE_IMAGE_URL_PATTERNS: readonly string[] = [
  OWN_STORAGE + '(publications|obituaries)/' + SAFE_SEGMENTS + '$',
  '^/images/' + SAFE_SEGMENTS + '$',
  SAFE_HTTPS_URL_PATTERN,
];

/** The admin forms' message when a stored image address breaks the rule (an old row, a restored draft). */
export const IMAGE_URL_MESSAGE = 'Endereço de imagem inválido. Remova a imagem e envie o arquivo novamente.';

const youtubeUrl = new RegExp(YOUTUBE_URL_PATTERN);
const safeImageUrls = SAFE_IMAGE_URL_PATTERNS.map((pattern) => new RegExp(pattern));

/** True when the text, exactly as given, is a YouTube video address the database accepts. */
export function isYoutubeUrl(url: string): boolean {
  return youtubeUrl.test(url);
}

const safeHttpsUrl = new RegExp(SAFE_HTTPS_URL_PATTERN);
const adImageUrl = new RegExp(AD_IMAGE_URL_PATTERN);

/** True when the text, exactly as given, is a destination link the database accepts for a campaign. */
export function isSafeLinkUrl(url: string): boolean {
  return safeHttpsUrl.test(url);
}

/** True when the text, exactly as given, is a creative's address the database accepts. */
export function isAdImageUrl(url: string): boolean {
  return adImageUrl.test(url);
}

/** True when the text, exactly as given, is an image address the database accepts. */
export function isSafeImageUrl(url: string): boolean {
  return safeImageUrls.some((pattern) => pattern.test(url));
}

/** The video id of an address isYoutubeUrl accepts; null for anything else. */
export function youtubeVideoIdOf(url: string): string | null {
  if (!isYoutubeUrl(url)) return null;
  return /(?:[?&]v=|\/(?:shorts|embed|live)\/|youtu\.be\/)([A-Za-z0-9_-]{11})/.exec(url)?.[1] ?? null;
}
