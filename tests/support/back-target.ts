import type { BackTarget } from '../../src/features/reader/article/use-back-to-news';

/** 'Voltar para as notícias' for a component test that does not follow it. */
export const STAY: BackTarget = { href: '/', follow: () => undefined };
