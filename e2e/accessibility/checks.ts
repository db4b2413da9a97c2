import type { Page } from 'playwright-core';

/**
 * What scrolls sideways: the page itself (WCAG 1.4.10, reflow), or any element inside it whose content is wider than
 * its box and that the reader would have to scroll (a list's table in a scroll box counts: at 320 px it must reflow).
 */
export function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) found.push(`page: ${root.scrollWidth} px in ${root.clientWidth} px`);
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      const style = getComputedStyle(element);
      if (!['auto', 'scroll'].includes(style.overflowX)) continue;
      if (element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 0) {
        const name = element.getAttribute('aria-label') ?? element.id ?? '';
        found.push(`${element.tagName.toLowerCase()}${name ? ` "${name}"` : ''}: ${element.scrollWidth} px in ${element.clientWidth} px`);
      }
    }
    return found;
  });
}

/**
 * The elements still animating or transitioning for longer than 0.01 ms, with what moves them, when the system asks for
 * reduced motion; plus smooth scrolling, if the root asks for it.
 */
export function stillMoving(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const seconds = (value: string) => Math.max(...value.split(',').map((part) => (part.trim().endsWith('ms') ? parseFloat(part) / 1000 : parseFloat(part))));
    const found: string[] = [];
    if (getComputedStyle(document.documentElement).scrollBehavior === 'smooth') found.push('html: scroll-behavior smooth');
    for (const element of document.querySelectorAll<HTMLElement>('*')) {
      const style = getComputedStyle(element);
      const animated = style.animationName !== 'none' && seconds(style.animationDuration) > 0.00001;
      const transition = style.transitionProperty !== 'none' && seconds(style.transitionDuration) > 0.00001;
      if (animated || transition) {
        found.push(`${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 3).join('.')}: ${animated ? `animation ${style.animationName} ${style.animationDuration}` : `transition ${style.transitionProperty} ${style.transitionDuration}`}`);
      }
    }
    return found;
  });
}

/**
 * Whether the focused element shows a focus indicator: an outline or a box shadow (a ring) on it or on one of its
 * four nearest ancestors (a card that rings when the link covering it has focus) that is not there once focus leaves.
 * Focus is put back where it was, so the Tab sequence carries on from it.
 */
export function focusIndicator(page: Page): Promise<{ element: string; visible: boolean }> {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    if (!active || active === document.body) return { element: 'body', visible: false };
    const chain: Element[] = [];
    for (let node: Element | null = active; node && chain.length < 5; node = node.parentElement) chain.push(node);
    const look = () =>
      chain.map((node) => {
        const style = getComputedStyle(node);
        const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 ? `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}` : 'none';
        return `${outline} | ${style.boxShadow} | ${style.borderColor}`;
      });
    // A ring that fades in (a card's `transition`) is read at its end, not at its first frame.
    const settle = () => document.getAnimations().forEach((animation) => animation.finish());
    settle();
    const focused = look();
    active.blur();
    settle();
    const unfocused = look();
    active.focus();
    const label = active.getAttribute('aria-label') ?? active.textContent?.trim().slice(0, 40) ?? '';
    return { element: `${active.tagName.toLowerCase()} "${label}"`, visible: focused.some((style, index) => style !== unfocused[index]) };
  });
}
