/** Publication and obituary status 'Publicado'/'Rascunho'; jobs pass 'Publicada' (docs/product.md §2). */
export function StatusBadge({ published, publishedLabel = 'Publicado' }: { published: boolean; publishedLabel?: string }) {
  return published ? (
    <span className="inline-flex rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-800">
      {publishedLabel}
    </span>
  ) : (
    <span className="inline-flex rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-800">Rascunho</span>
  );
}
