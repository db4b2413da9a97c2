import { createContext } from 'react';

/**
 * True when the app hydrates the reader's prerendered frame (prerendered-pages.ts, mode `shell`): the layout then
 * renders the frame's loading line where the page goes, as the HTML has it, and the page right after hydration.
 */
export const HydratingShell = createContext(false);
