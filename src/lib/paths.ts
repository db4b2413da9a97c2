// Extensions written out here and in story-slug.ts: the Vite config's module graph reaches this file (through the
// request log's redaction, edge/log-redaction.ts), and Vite's native config loader resolves no extensionless import.
import { storySlug } from './story-slug.ts';

/**
 * The URL registry: every route of the app is one entry here, a function building its href that also carries the
 * route pattern the router is built from (`paths.article('abc', 'Título')` → '/noticia/abc/titulo';
 * `paths.article.pattern` → '/noticia/:id/:slug?'). No screen builds a path by hand and the router writes no pattern
 * of its own.
 */
function route<Args extends unknown[]>(pattern: string, href: (...args: Args) => string) {
  return Object.assign(href, { pattern });
}

const segment = encodeURIComponent;

/** `base/<slug of text>`, or `base` when there is no text or it slugifies to nothing. */
function withSlug(base: string, text?: string): string {
  const slug = text ? storySlug(text) : '';
  return slug ? `${base}/${slug}` : base;
}

export const paths = {
  home: route('/', () => '/'),
  topic: route('/topic/:slug', (slug: string) => `/topic/${segment(slug)}`),
  /**
   * A local story: the id finds it, the title's slug only makes the address readable (the article page replaces a
   * stale or missing slug with the current one). Without a title, or with one that slugifies to nothing, the bare id.
   * `/noticia/externa` is not shadowed: the router ranks that static segment above `:id`.
   */
  article: route('/noticia/:id/:slug?', (id: string, title?: string) => {
    const slug = title ? storySlug(title) : '';
    return slug ? `/noticia/${segment(id)}/${slug}` : `/noticia/${segment(id)}`;
  }),
  /** External and built-in articles: the article travels in navigation state; a built-in one also by its id. */
  externalArticle: route('/noticia/externa', (builtInId?: string) =>
    builtInId ? `/noticia/externa?id=${segment(builtInId)}` : '/noticia/externa',
  ),
  obituaries: route('/obituarios', () => '/obituarios'),
  /** One obituary's shareable page; the name's slug only makes the address readable, like a story's. */
  obituary: route('/obituarios/:id/:slug?', (id: string, name?: string) => withSlug(`/obituarios/${segment(id)}`, name)),
  /** The open jobs (docs/product.md §7c: 'Ver todas as vagas' leads here, not to an external site). */
  jobs: route('/vagas', () => '/vagas'),
  /** One job's page; the title's slug only makes the address readable. */
  job: route('/vagas/:id/:slug?', (id: string, title?: string) => withSlug(`/vagas/${segment(id)}`, title)),
  /** The site search; without a query, its empty form. */
  search: route('/busca', (q?: string) => (q?.trim() ? `/busca?q=${encodeURIComponent(q.trim())}` : '/busca')),
  advertising: route('/anuncie', () => '/anuncie'),
  /** The newsroom's corrections of published stories, newest first (docs/decisions/0038). */
  corrections: route('/correcoes', () => '/correcoes'),
  /** The tip line 'Envie sua notícia': a reader sends the newsroom what happened, with photos. */
  tipLine: route('/envie-sua-noticia', () => '/envie-sua-noticia'),
  /** 'Política de Privacidade' (docs/decisions/0039): what the site collects, why, for how long, and the reader's rights. */
  privacy: route('/privacidade', () => '/privacidade'),
  /** The accessibility statement (LBI, Lei 13.146/2015, art. 63; docs/decisions/0036). */
  accessibility: route('/acessibilidade', () => '/acessibilidade'),
  /** An advertiser's read-only campaign report, behind the unguessable token the newsroom can renew or revoke. */
  adReport: route('/anuncios/relatorio/:token', (token: string) => `/anuncios/relatorio/${segment(token)}`),
  /** 'Apoie o jornalismo de Porto Ferreira' (docs/decisions/0054): why support matters, the amounts, the form. */
  support: route('/apoie', () => '/apoie'),
  /** One Pix code's page (QR and 'Pix Copia e Cola'), behind its unguessable transaction id: private, never kept. */
  supportCode: route('/apoie/pix/:txid', (txid: string) => `/apoie/pix/${segment(txid)}`),
  /** A monthly supporter's e-mailed stop link: a page with one button. */
  supportReminderStop: route('/apoie/lembrete/:token', (token: string) => `/apoie/lembrete/${segment(token)}`),
  /** The daily digest's e-mailed links: confirm a sign-up, leave the list (docs/decisions/0033). */
  newsletterConfirm: route('/newsletter/confirmar/:token', (token: string) => `/newsletter/confirmar/${segment(token)}`),
  newsletterUnsubscribe: route('/newsletter/cancelar/:token', (token: string) => `/newsletter/cancelar/${segment(token)}`),
  admin: {
    root: route('/admin', () => '/admin'),
    login: route('/admin/login', () => '/admin/login'),
    register: route('/admin/register', () => '/admin/register'),
    /** Asks for a password-recovery e-mail (docs/product.md §10.5, docs/decisions/0013). */
    forgotPassword: route('/admin/recuperar-senha', () => '/admin/recuperar-senha'),
    /** Where the recovery e-mail's link lands, to choose a new password. */
    newPassword: route('/admin/nova-senha', () => '/admin/nova-senha'),
    publications: route('/admin/publications', () => '/admin/publications'),
    publicationNew: route('/admin/publications/new', () => '/admin/publications/new'),
    publicationEdit: route('/admin/publications/:id/edit', (id: string) => `/admin/publications/${segment(id)}/edit`),
    /** A story as readers will see it, drafts and scheduled ones too (docs/product.md §12, docs/decisions/0014). */
    publicationPreview: route('/admin/publications/:id/preview', (id: string) => `/admin/publications/${segment(id)}/preview`),
    topics: route('/admin/topics', () => '/admin/topics'),
    obituaries: route('/admin/obituaries', () => '/admin/obituaries'),
    obituaryNew: route('/admin/obituaries/new', () => '/admin/obituaries/new'),
    obituaryEdit: route('/admin/obituaries/:id/edit', (id: string) => `/admin/obituaries/${segment(id)}/edit`),
    jobs: route('/admin/jobs', () => '/admin/jobs'),
    jobNew: route('/admin/jobs/new', () => '/admin/jobs/new'),
    jobEdit: route('/admin/jobs/:id/edit', (id: string) => `/admin/jobs/${segment(id)}/edit`),
    mediaKit: route('/admin/media-kit', () => '/admin/media-kit'),
    /** The tips readers sent through the tip line ('Sugestões de pauta'), by status. */
    tips: route('/admin/sugestoes', () => '/admin/sugestoes'),
    /** 'Apoios': the Pix codes readers were shown, to reconcile with the bank statement (editors and administrators). */
    support: route('/admin/apoios', () => '/admin/apoios'),
    /** The privacy settings: controller, privacy contact, retention periods (administrators; docs/decisions/0039). */
    settings: route('/admin/configuracoes', () => '/admin/configuracoes'),
    /** 'Direitos dos titulares': find, export and erase what the site holds about an e-mail address. */
    dataRights: route('/admin/privacidade', () => '/admin/privacidade'),
    /** 'Minha conta': the signed-in account downloads its own data or deletes itself. */
    account: route('/admin/conta', () => '/admin/conta'),
    /** Advertising campaigns ('Anúncios'), their form, and one campaign's figures and report link. */
    ads: route('/admin/ads', () => '/admin/ads'),
    /** A new campaign; from a media-kit request ('Criar campanha'), its contact fills the advertiser. */
    adNew: route('/admin/ads/new', (mediaKitRequestId?: string) =>
      mediaKitRequestId ? `/admin/ads/new?${new URLSearchParams({ pedido: mediaKitRequestId })}` : '/admin/ads/new',
    ),
    adEdit: route('/admin/ads/:id/edit', (id: string) => `/admin/ads/${segment(id)}/edit`),
    adCampaign: route('/admin/ads/:id', (id: string) => `/admin/ads/${segment(id)}`),
    users: route('/admin/users', () => '/admin/users'),
    /** Stories reporters sent for review ('Revisão'), oldest first: editors publish or return them (decision 0037). */
    review: route('/admin/revisao', () => '/admin/revisao'),
    /** The audit log ('Auditoria'): who did what and when, newest first; administrators only (decision 0037). */
    audit: route('/admin/auditoria', () => '/admin/auditoria'),
    /** 'Sistema': the scheduled jobs, the version, the backend and the sizes; administrators only (decision 0042). */
    system: route('/admin/sistema', () => '/admin/sistema'),
    /** 'Audiência': readers now, the period's figures, sources, the digest and Web Vitals (editors; decision 0053). */
    audience: route('/admin/audiencia', (days?: number) => (days ? `/admin/audiencia?${new URLSearchParams({ periodo: String(days) })}` : '/admin/audiencia')),
    /** The daily digest: subscribers, send history, send time, 'Enviar teste'. */
    newsletter: route('/admin/newsletter', () => '/admin/newsletter'),
  },
} as const;

/** The topic navigation of docs/product.md §2, in its order. */
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
