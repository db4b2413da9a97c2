import type { RenderedRoot } from './render-document';

// A reader page's document (decision 0048): the built template (its head, hashed styles and scripts, the boot script)
// with the page's render in its root, React's resource hints in its head and React Router's hydration data right after
// the root. Nothing else of the template changes.

const ROOT_OPENING = /<div id="root"[^>]*>/;
/** The image preloads the build put in a prerendered template's head for its own render (the home page's sample hero). */
const BUILT_IMAGE_PRELOADS = /<link rel="preload" as="image"[^>]*\/?>/g;
/** React Router's hydration data the build wrote after a prerendered template's root. */
const BUILT_HYDRATION_DATA = /<script>window\.__staticRouterHydrationData = [^<]*<\/script>/g;

/**
 * The template with `rendered` in its root, marked `key` (main.tsx hydrates it when the key is the address's);
 * the template unchanged when it has no root to put it in.
 */
export function pageDocument(built: string, rendered: RenderedRoot, key: string): string {
  const template = built.replace(BUILT_HYDRATION_DATA, '');
  const opening = ROOT_OPENING.exec(template);
  const bodyEnd = template.lastIndexOf('</body>');
  // The root is the body's last element (index.html), so its closing tag is the body's last one.
  const rootEnd = template.lastIndexOf('</div>', bodyEnd);
  if (!opening || bodyEnd < 0 || rootEnd < opening.index + opening[0].length) return built;
  // A prerendered template's markup and data go, and the images it preloaded with them: the render names its own.
  const head = template
    .slice(0, opening.index)
    .replace(BUILT_IMAGE_PRELOADS, '')
    .replace(/<\/head>/i, () => `${rendered.headLinks}</head>`);
  const root = `<div id="root" data-prerendered="${key}">${rendered.markup}</div>${rendered.hydrationScript}`;
  return `${head}${root}${template.slice(rootEnd + '</div>'.length)}`;
}
