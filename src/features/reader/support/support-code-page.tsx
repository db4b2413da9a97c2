import { useState } from 'react';
import { paths } from '../../../lib/paths';
import { formatCents } from '../../../lib/pix/support-form';
import { useHydrated } from '../../../lib/use-hydrated';
import { ReaderNotFound } from '../components/reader-not-found';
import { useDocumentMeta } from '../components/use-document-meta';
import type { SupportCodeView } from './support-data';

// One reader's Pix code (docs/decisions/0054): the QR code the server drew, 'Pix Copia e Cola' in a field anyone can
// select, and, once the app runs, a button that copies it.

function CopyButton({ text }: { text: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<'sim' | 'nao' | null>(null);
  // Without JavaScript the field above is selectable: a button that does nothing would only mislead.
  if (!hydrated) return null;
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('sim');
    } catch {
      // A browser that refuses the clipboard (permissions, an old one): the reader selects the field instead.
      setCopied('nao');
    }
  }
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button type="button" onClick={() => void copy()} className="rounded-md bg-brand-800 px-5 py-3 font-semibold text-white hover:bg-brand-700">
        Copiar código
      </button>
      <span role="status" className="text-sm text-slate-700">
        {copied === 'sim' ? 'Código copiado! Cole no app do banco, em Pix Copia e Cola.' : copied === 'nao' ? 'Não foi possível copiar: selecione o código acima e copie.' : ''}
      </span>
    </div>
  );
}

export function SupportCodePage({ view }: { view: SupportCodeView | null }) {
  useDocumentMeta(view?.kind === 'code' ? `Seu código Pix de ${formatCents(view.amountCents)}` : 'Código Pix');
  if (view === null) {
    return (
      <ReaderNotFound
        title="Código Pix não encontrado"
        message="Este código não existe ou já foi apagado. Gere um novo código na página de apoio."
        back={{ to: paths.support(), label: 'Apoie o jornal' }}
      />
    );
  }
  if (view.kind !== 'code') {
    const message =
      view.kind === 'closed'
        ? 'O apoio pelo Pix não está aberto agora, e nenhum código é mostrado.'
        : view.status === 'recebido'
          ? 'Este apoio já foi recebido pela redação. Muito obrigado!'
          : 'Este código expirou (os códigos valem 7 dias). Gere um novo na página de apoio.';
    return (
      <div className="mx-auto max-w-2xl space-y-4">
        <h1 className="font-serif text-3xl font-bold text-slate-900">Código Pix</h1>
        <p role="status" className="rounded-md border border-slate-200 bg-slate-50 p-4 text-slate-800">
          {message}
        </p>
        <a href={paths.support()} className="font-semibold text-brand-800 underline">
          Voltar para a página de apoio
        </a>
      </div>
    );
  }
  const amount = formatCents(view.amountCents);
  return (
    <article className="mx-auto max-w-3xl space-y-6">
      <header className="space-y-2">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Apoie o jornalismo local</p>
        <h1 className="font-serif text-3xl font-bold text-slate-900">Seu código Pix de {amount}</h1>
        <p className="text-slate-700">
          Abra o app do seu banco, escolha <strong>Pix</strong> e leia o QR code ou use o <strong>Pix Copia e Cola</strong>. Confira o recebedor antes de
          confirmar: <strong>{view.receiverName}</strong>, {view.receiverCity}.
        </p>
      </header>
      <div className="grid gap-6 sm:grid-cols-[auto_1fr] sm:items-start">
        <div
          className="mx-auto w-64 max-w-full bg-white p-0 sm:w-72 [&>svg]:h-auto [&>svg]:w-full"
          role="img"
          aria-label={`QR code do Pix de ${amount}`}
          data-testid="pix-qr"
          // The server drew it from the recorded code and the newsroom's settings: an SVG of squares, no script.
          dangerouslySetInnerHTML={{ __html: view.svg }}
        />
        <div className="space-y-3">
          <label htmlFor="pix-copia-e-cola" className="block text-lg font-semibold text-slate-900">
            Pix Copia e Cola
          </label>
          <textarea
            id="pix-copia-e-cola"
            readOnly
            rows={5}
            value={view.payload}
            className="block w-full resize-none break-all rounded-md border border-slate-400 bg-slate-50 p-3 font-mono text-sm text-slate-900"
          />
          <CopyButton text={view.payload} />
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-slate-700">
            <dt className="font-semibold">Valor</dt>
            <dd>{amount}</dd>
            <dt className="font-semibold">Identificador</dt>
            <dd className="break-all font-mono">{view.txid}</dd>
          </dl>
          <p className="text-sm text-slate-600">O código vale 7 dias. Se você deixou seu e-mail, agradecemos assim que o Pix aparecer no extrato da redação.</p>
        </div>
      </div>
      <a href={paths.support()} className="inline-block font-semibold text-brand-800 underline">
        Escolher outro valor
      </a>
    </article>
  );
}
