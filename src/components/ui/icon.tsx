import { createElement } from 'react';
import type { IconNode } from 'lucide';

export type { IconNode };

/**
 * A decorative line icon. The shapes come from lucide's data-only package, so a page ships just the few paths it
 * draws and none of an icon library's runtime. Icons here never carry meaning of their own: the control they sit
 * in has the accessible name, so the SVG is always hidden from assistive technology.
 */
export function Icon({ node, className }: { node: IconNode; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      {node.map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes }))}
    </svg>
  );
}
