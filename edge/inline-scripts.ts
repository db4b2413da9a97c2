// The build writes the boot script's code into each page's head (server/deferred-app-plugin.ts), so the page starts
// its app without a request of its own. The page policy allows exactly that script by its sha256, computed here from
// the page being answered, so whatever the build wrote is what is allowed. Only the head's, and only a module script
// without `src` or a nonce: the body is the page's content, where nothing (escaped text, sanitised stories) can be a
// <script>, and should one ever get there, it stays refused. The JSON data blocks are not run and need no allowance.
// Besides, React Router's hydration data (decision 0048): the one script the render writes right after the root, of the
// router's exact form, allowed by the hash of its text (the page's own data, so each page's is computed afresh).

const INLINE_MODULE_SCRIPT = /<script type="module"((?:\s+data-[\w-]+="[^"]*")*)>([\s\S]*?)<\/script>/g;

/** By script text: a build has one boot, so each hash is computed once per process. */
const hashes = new Map<string, Promise<string>>();

async function sha256Source(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return `'sha256-${btoa(String.fromCharCode(...digest))}'`;
}

/** React Router's hydration script, as StaticRouterProvider writes it: one JSON.parse of one escaped string. */
const ROUTER_HYDRATION_SCRIPT = /<\/div><script>(window\.__staticRouterHydrationData = JSON\.parse\("(?:[^"\\<]|\\.)*"\);)<\/script>/;

/** The policy sources ('sha256-…') of the page's inline module scripts and router data; none for a page without. */
export async function inlineScriptHashes(html: string): Promise<string[]> {
  const headEnd = html.indexOf('</head>');
  const texts = [...html.slice(0, Math.max(headEnd, 0)).matchAll(INLINE_MODULE_SCRIPT)].map((match) => match[2] ?? '');
  const routerData = ROUTER_HYDRATION_SCRIPT.exec(html)?.[1];
  const routerHash = routerData === undefined ? [] : [await sha256Source(routerData)];
  return [...(await headHashes(texts)), ...routerHash];
}

function headHashes(texts: string[]): Promise<string[]> {
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
