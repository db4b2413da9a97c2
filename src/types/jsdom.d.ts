// The part of jsdom the Node tests use (edge/feed-html.test.ts runs DOMPurify in its window): nothing else needs it.
// jsdom ships no types of its own, and @types/jsdom would bring a second copy of the DOM's.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
