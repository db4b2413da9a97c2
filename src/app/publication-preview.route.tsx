import { useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { browserClient } from '../services/browser-client';
import { articleFromPublication } from '../services/news/from-publication';
import { getPublicationPreview } from '../services/publication-admin';
import { paths } from '../lib/paths';
import { requireAdmin } from '../features/admin/auth/admin-access';
import { PreviewBanner, readersCanOpen } from '../features/admin/publications/publication-preview';
import { AdminRouteError } from '../features/admin/shared/admin-route-error';
import { PageHeader } from '../features/admin/shared/page-header';
import { loadScreenData, recordNotFound } from '../features/admin/shared/route-data';
import { ArticleView } from '../features/reader/article/article-view';

// 'Pré-visualizar' (docs/product.md §12, docs/decisions/0014): any story, drafts and scheduled ones included, exactly as the
// reader's article page shows it, inside the admin panel. Here in the app layer because it joins the admin panel (its
// access check, header and marker) with the reader's article view, and the two features do not import each other.

/** Reads the row with the editor's session (readers' policies hide drafts); only reads: no view is counted. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = params.id ?? '';
  const row = await loadScreenData('Erro ao carregar a publicação.', () => getPublicationPreview(browserClient(), id));
  if (!row) throw recordNotFound();
  return { id, article: articleFromPublication(row), state: { published: row.published, published_at: row.published_at } };
}

const header = <PageHeader title="Pré-visualização" backTo={paths.admin.publications()} />;

export function Component() {
  const { id, article, state } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  // Readers cannot open a draft or a scheduled story yet: nothing to share.
  const shareUrl = readersCanOpen(state) ? new URL(paths.article(id, article.title), window.location.origin).href : null;
  return (
    <>
      {header}
      <PreviewBanner id={id} state={state} />
      <ArticleView article={article} shareUrl={shareUrl} back={{ href: paths.admin.publications(), follow: () => void navigate(paths.admin.publications()) }} />
    </>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError header={header} />;
}
