import type { ReactNode } from 'react';
import { Newspaper } from 'lucide';
import { Icon } from '../../../components/ui/icon';
import { site } from '../../../config/site';

/** The frame of the sign-in and registration pages. */
export function AuthPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-10">
      <title>{`${title} | ${site.name}`}</title>
      <div className="w-full max-w-md">
        <div className="mb-6 flex flex-col items-center gap-2 text-center">
          <span className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-brand-800 text-white">
            <Icon node={Newspaper} className="h-6 w-6" />
          </span>
          <p className="text-lg font-bold text-brand-900">{site.name}</p>
          <p className="text-sm text-slate-600">Painel administrativo</p>
        </div>
        <div className="rounded-lg bg-white p-6 shadow-md sm:p-8">
          <h1 className="mb-6 text-2xl font-bold text-slate-900">{title}</h1>
          {children}
        </div>
      </div>
    </main>
  );
}
