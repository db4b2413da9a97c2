// Every URL of the app comes from here; no screen builds a path by hand.

export const paths = {
  home: () => '/',
  topic: (slug: string) => `/topic/${encodeURIComponent(slug)}`,
  article: (id: string) => `/noticia/${encodeURIComponent(id)}`,
  /** External and built-in articles: the article travels in navigation state; a built-in one also by its id. */
  externalArticle: (builtInId?: string) =>
    builtInId ? `/noticia/externa?id=${encodeURIComponent(builtInId)}` : '/noticia/externa',
  obituaries: () => '/obituarios',
  advertising: () => '/anuncie',
  admin: {
    root: () => '/admin',
    login: () => '/admin/login',
    register: () => '/admin/register',
    publications: () => '/admin/publications',
    publicationNew: () => '/admin/publications/new',
    publicationEdit: (id: string) => `/admin/publications/${encodeURIComponent(id)}/edit`,
    topics: () => '/admin/topics',
    obituaries: () => '/admin/obituaries',
    obituaryNew: () => '/admin/obituaries/new',
    obituaryEdit: (id: string) => `/admin/obituaries/${encodeURIComponent(id)}/edit`,
    jobs: () => '/admin/jobs',
    jobNew: () => '/admin/jobs/new',
    jobEdit: (id: string) => `/admin/jobs/${encodeURIComponent(id)}/edit`,
    mediaKit: () => '/admin/media-kit',
    users: () => '/admin/users',
  },
} as const;

/** The topic navigation of SPEC §2, in its order. */
export const topicNavigation = [
  { slug: 'local', label: 'Porto Ferreira' },
  { slug: 'politica', label: 'Política' },
  { slug: 'economia', label: 'Economia' },
  { slug: 'saude', label: 'Saúde' },
  { slug: 'esportes', label: 'Esportes' },
  { slug: 'cultura', label: 'Cultura' },
  { slug: 'educacao', label: 'Educação' },
  { slug: 'tecnologia', label: 'Tecnologia' },
] as const;

/**
 * Accepts only an in-app path (for "return to where you were" after sign-in): never another origin,
 * never a protocol-relative `//host` or a backslash trick.
 */
export function safeInternalPath(candidate: string | null | undefined, fallback: string): string {
  if (!candidate || !candidate.startsWith('/') || candidate.startsWith('//') || candidate.includes('\\')) {
    return fallback;
  }
  try {
    const url = new URL(candidate, 'http://in-app.invalid');
    return url.origin === 'http://in-app.invalid' ? `${url.pathname}${url.search}${url.hash}` : fallback;
  } catch {
    return fallback;
  }
}
