// /correcoes' title and description, on their own: loaded with that page and the edge handler only, so no other
// page's first load carries them (docs/decisions/0038).
export const correctionsMeta = {
  title: 'Correções',
  description: 'As correções que a redação fez em notícias já publicadas: o que estava errado, o que está correto e quando.',
} as const;
