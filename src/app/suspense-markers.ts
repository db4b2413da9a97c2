/**
 * React's server renderer brackets each Suspense boundary with `<!--$-->…<!--/$-->`; the browser hydrates with
 * preact/compat (docs/decisions/0017), which keeps a boundary's server markup while it waits only when the boundary is
 * bracketed its own way, `<!--$s-->…<!--/$s-->`. Without them, a part hydrated in its own turn
 * (src/components/ui/hydration-unit.tsx) would lose all but its first element until its turn came, and the page
 * would jump. Every server render (the build's prerender, the edge's pages) passes through this.
 */
export function withPreactSuspenseMarkers(html: string): string {
  return html.replaceAll('<!--$-->', '<!--$s-->').replaceAll('<!--/$-->', '<!--/$s-->');
}
