// The build inlines the site's stylesheet into each prerendered page (scripts/prerender.ts), so the first paint waits
// for no second request. The page policy allows exactly that stylesheet by its sha256, computed here from the page
// being answered, so whatever the build wrote is what is allowed. Only the head's: the body is the page's content,
// where nothing (escaped text, sanitised stories) can be a <style>, and should one ever get there, it stays refused.

const INLINE_STYLE = /<style>([\s\S]*?)<\/style>/g;

/** By stylesheet text: a build has one, so each hash is computed once per process. */
const hashes = new Map<string, Promise<string>>();

async function sha256Source(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return `'sha256-${btoa(String.fromCharCode(...digest))}'`;
}

/** The policy sources ('sha256-…') of the page's inline stylesheets; none for a page without. */
export function inlineStyleHashes(html: string): Promise<string[]> {
  const headEnd = html.indexOf('</head>');
  const texts = [...html.slice(0, Math.max(headEnd, 0)).matchAll(INLINE_STYLE)].map((match) => match[1] ?? '');
  return Promise.all(
    texts.map((text) => {
      let hash = hashes.get(text);
      if (!hash) {
        hash = sha256Source(text);
        hashes.set(text, hash);
      }
      return hash;
    }),
  );
}
