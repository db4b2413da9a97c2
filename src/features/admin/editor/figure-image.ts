import { Node } from '@tiptap/core';

// An image inside the body, as the allow-list keeps it (src/lib/rich-text/allow-list.ts):
//   <figure><img src alt width height><figcaption>Foto: crédito</figcaption></figure>
// One atom node, so the picture and its credit move and go together. Only src, alt, size and credit are stored;
// readers get srcset/sizes from the src's renditions at render time (src/lib/image-renditions.ts).

export interface FigureImageAttributes {
  src: string;
  alt: string;
  width: number | null;
  height: number | null;
  /** Who took the picture, shown as 'Foto: <credit>'; null for none. */
  credit: string | null;
}

export const CREDIT_PREFIX = 'Foto: ';

export interface FigureImageOptions {
  /** Whether a source may be in the body (our own storage only); others are not taken in from pasted or loaded HTML. */
  isAllowedSrc: (src: string) => boolean;
}

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    figureImage: {
      insertFigureImage: (attributes: FigureImageAttributes) => ReturnType;
    };
  }
}

const imageOf = (element: HTMLElement): HTMLImageElement | null =>
  element.nodeName === 'IMG' ? (element as HTMLImageElement) : element.querySelector('img');

function dimension(element: HTMLElement, name: 'width' | 'height'): number | null {
  const value = Number(imageOf(element)?.getAttribute(name));
  return Number.isInteger(value) && value > 0 ? value : null;
}

function credit(element: HTMLElement): string | null {
  const text = element.querySelector('figcaption')?.textContent?.trim() ?? '';
  const value = text.startsWith(CREDIT_PREFIX.trim()) ? text.slice(CREDIT_PREFIX.trim().length).trim() : text;
  return value || null;
}

export const FigureImage = Node.create<FigureImageOptions>({
  name: 'figureImage',
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,

  addOptions() {
    return { isAllowedSrc: () => false };
  },

  addAttributes() {
    return {
      src: { default: null, parseHTML: (element) => imageOf(element)?.getAttribute('src') ?? null },
      alt: { default: '', parseHTML: (element) => imageOf(element)?.getAttribute('alt') ?? '' },
      width: { default: null, parseHTML: (element) => dimension(element, 'width') },
      height: { default: null, parseHTML: (element) => dimension(element, 'height') },
      credit: { default: null, parseHTML: (element) => credit(element) },
    };
  },

  parseHTML() {
    const allowed = (element: HTMLElement) => {
      const src = imageOf(element)?.getAttribute('src');
      return src && this.options.isAllowedSrc(src) ? null : false;
    };
    return [
      { tag: 'figure', getAttrs: allowed },
      // A bare image (pasted, or from older HTML) becomes a figure without a credit.
      { tag: 'img[src]', getAttrs: allowed },
    ];
  },

  renderHTML({ node }) {
    const attributes = node.attrs as FigureImageAttributes;
    const img: [string, Record<string, string>] = [
      'img',
      {
        src: attributes.src,
        alt: attributes.alt,
        ...(attributes.width ? { width: String(attributes.width) } : {}),
        ...(attributes.height ? { height: String(attributes.height) } : {}),
      },
    ];
    return attributes.credit ? ['figure', img, ['figcaption', `${CREDIT_PREFIX}${attributes.credit}`]] : ['figure', img];
  },

  addCommands() {
    return {
      insertFigureImage:
        (attributes) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs: attributes }),
    };
  },
});
