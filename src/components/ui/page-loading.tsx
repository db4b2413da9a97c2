/** What shows while a page's code arrives on the first visit (React Router's hydrate fallback). */
export function PageLoading() {
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center text-slate-600">
      Carregando...
    </div>
  );
}
