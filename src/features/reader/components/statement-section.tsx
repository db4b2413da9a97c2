import type { ReactNode } from 'react';

/** A titled section of a statement page (privacy policy, accessibility statement), named by its heading. */
export function StatementSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="font-serif text-2xl font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
