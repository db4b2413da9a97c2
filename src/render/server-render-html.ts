import { ROUTE_DATA_ID, SERVER_RENDERED, type RenderedPage, type RouteLoaderData } from './server-rendered';
import { jsonForScript } from '../lib/escape';

// A reader page rendered with its data at request time (decision 0019) goes out in the page's built HTML: its markup in
// place of the root's, React's resource hints in the head, and the loader data as a JSON data block for the browser to
// hydrate with. The built page's own head, styles and scripts stay as they are.

const ROOT_OPENING = /<div id="root"[^>]*>/;
/** The image preloads the build put in the head for its own render of the page (the home page's sample hero). */
const BUILT_IMAGE_PRELOADS = /<link rel="preload" as="image"[^>]*\/?>/g;

const ROUTE_DATA_BLOCK = new RegExp(`<script type="application/json" id="${ROUTE_DATA_ID}">[\\s\\S]*?</script>`);

/**
 * The page with `loaderData` as its one data block, at the end of the body (in place of the build's own, which names
 * what the build rendered the page from): what the browser hydrates the page with (src/render/hydration-data.ts).
 */
export function withRouteData(html: string, loaderData: RouteLoaderData): string {
  const block = `<script type="application/json" id="${ROUTE_DATA_ID}">${jsonForScript(loaderData)}</script>`;
  const without = html.replace(ROUTE_DATA_BLOCK, '');
  return without.replace(/<\/body>(?![\s\S]*<\/body>)/i, () => `${block}</body>`);
}

/** The loader data a page's HTML carries in its data block, by route id; empty without one (or an unreadable one). */
export function routeDataOf(html: string): RouteLoaderData {
  const json = ROUTE_DATA_BLOCK.exec(html)?.[0].replace(/^<script[^>]*>/, '').replace(/<\/script>$/, '');
  if (!json) return {};
  try {
    const parsed: unknown = JSON.parse(json);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as RouteLoaderData) : {};
  } catch {
    // A block this module did not write: the caller's data replaces it.
    return {};
  }
}

/** The built page with the render in its root; the page unchanged when it has no root to put it in. */
export function withServerRender(built: string, rendered: RenderedPage): string {
  const html = built.replace(ROUTE_DATA_BLOCK, '');
  const opening = ROOT_OPENING.exec(html);
  const bodyEnd = html.lastIndexOf('</body>');
  // The root is the body's last element (index.html), so its closing tag is the body's last one.
  const rootEnd = html.lastIndexOf('</div>', bodyEnd);
  if (!opening || bodyEnd < 0 || rootEnd < opening.index + opening[0].length) return built;
  // The build's markup goes, and the images it preloaded with it: the render names its own.
  const head = html
    .slice(0, opening.index)
    .replace(BUILT_IMAGE_PRELOADS, '')
    .replace(/<\/head>/i, () => `${rendered.headLinks}</head>`);
  return withRouteData(
    `${head}<div id="root" data-prerendered="${SERVER_RENDERED}">${rendered.markup}</div>${html.slice(rootEnd + '</div>'.length)}`,
    rendered.loaderData,
  );
}
