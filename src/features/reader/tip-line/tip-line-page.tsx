import { useEffect, useRef, useState } from 'react';
import { Camera, Phone, ShieldAlert } from 'lucide';
import { Icon } from '../../../components/ui/icon';
import { site } from '../../../config/site';
import { tipLineMeta } from '../../../lib/page-meta';
import type { NewsTipInput } from '../../../services/news-tips';
import { BackToHomeLink } from '../components/back-to-home-link';
import { useDocumentMeta } from '../components/use-document-meta';
import { TipLineForm } from './tip-line-form';

export const TIP_SUCCESS_TITLE = 'Sugestão enviada!';
export const TIP_SUCCESS_TEXT = `Obrigado por colaborar com o ${site.name}. A redação vai analisar o que você enviou e, se precisar, entra em contato pelos dados informados.`;

interface TipLinePageProps {
  sendTip: (input: NewsTipInput) => Promise<void>;
}

/** The success message takes the form's place and the focus, so a screen reader hears it at once. */
function TipSent({ onAnother }: { onAnother: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div role="status" className="rounded-lg border border-green-200 bg-green-50 p-6 text-green-900">
      <h2 ref={heading} tabIndex={-1} className="text-xl font-bold focus:outline-none">
        {TIP_SUCCESS_TITLE}
      </h2>
      <p className="mt-2">{TIP_SUCCESS_TEXT}</p>
      <button
        type="button"
        onClick={onAnother}
        className="mt-4 rounded-md border border-green-700 px-4 py-2 text-sm font-semibold text-green-900 hover:bg-green-100"
      >
        Enviar outra sugestão
      </button>
    </div>
  );
}

/** 'Envie sua notícia' (docs/product.md §8a): readers tell the newsroom what happened, with photos. */
export function TipLinePage({ sendTip }: TipLinePageProps) {
  const [sent, setSent] = useState(false);
  // A new form after 'Enviar outra sugestão': its key starts it empty.
  const [formKey, setFormKey] = useState(0);
  const meta = tipLineMeta(site.name);
  useDocumentMeta(meta.title, meta.description);

  async function submit(input: NewsTipInput) {
    await sendTip(input);
    setSent(true);
  }

  return (
    <div className="space-y-8">
      <BackToHomeLink />
      <header className="max-w-3xl">
        <h1 className="font-serif text-3xl font-bold text-slate-900 sm:text-4xl">Envie sua notícia</h1>
        <p className="mt-3 text-lg text-slate-700">
          Viu algo acontecer em {site.city}? Conte para a redação do {site.name}. Sua sugestão pode virar reportagem.
        </p>
      </header>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <section aria-labelledby="sugestao-titulo" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
          <h2 id="sugestao-titulo" className="sr-only">
            Sua sugestão de pauta
          </h2>
          {sent ? (
            <TipSent
              onAnother={() => {
                setSent(false);
                setFormKey((key) => key + 1);
              }}
            />
          ) : (
            <TipLineForm key={formKey} onSubmit={submit} />
          )}
        </section>
        <aside aria-labelledby="dicas-titulo" className="h-fit rounded-lg bg-slate-100 p-5 text-sm text-slate-800">
          <h2 id="dicas-titulo" className="text-base font-bold text-slate-900">
            Antes de enviar
          </h2>
          <ul className="mt-3 space-y-3">
            <li className="flex gap-2">
              <Icon node={ShieldAlert} className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
              Não se arrisque para fotografar. Sua segurança vem primeiro.
            </li>
            <li className="flex gap-2">
              <Icon node={Phone} className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
              Em emergências, ligue 190 (Polícia Militar), 192 (SAMU) ou 193 (Bombeiros).
            </li>
            <li className="flex gap-2">
              <Icon node={Camera} className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
              Fotos ajudam a redação a confirmar o que aconteceu. Envie até 3.
            </li>
          </ul>
        </aside>
      </div>
    </div>
  );
}
