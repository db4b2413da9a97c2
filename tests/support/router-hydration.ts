// React Router's hydration data as a rendered page carries it (src/render/render-document.tsx, decision 0048).

const SCRIPT = /<script>(window\.__staticRouterHydrationData = JSON\.parse\(("(?:[^"\\<]|\\.)*")\);)<\/script>/;

/** The text of the page's hydration script; null when the page carries none. */
export function hydrationScriptOf(html: string): string | null {
  return SCRIPT.exec(html)?.[1] ?? null;
}

/** The loader data the page was rendered with, by route id; null when it carries none. */
export function routerLoaderData(html: string): Record<string, Record<string, unknown>> | null {
  const literal = SCRIPT.exec(html)?.[2];
  if (!literal) return null;
  return (JSON.parse(JSON.parse(literal) as string) as { loaderData: Record<string, Record<string, unknown>> }).loaderData;
}
