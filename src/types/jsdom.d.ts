// The part of jsdom the server's render uses (src/render/render-request.tsx): a window to sanitise rich text in.
// jsdom ships no types of its own, and @types/jsdom would bring a second copy of the DOM's.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
