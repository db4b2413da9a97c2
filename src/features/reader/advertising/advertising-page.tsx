import { useCallback, useState } from 'react';
import { flushSync } from 'react-dom';
import { BarChart3, Mail, MapPin, Phone, Target, Users } from 'lucide';
import { Icon } from '../../../components/ui/icon';
import type { MediaKitRequestInput } from '../../../services/media-kit';
import { site } from '../../../config/site';
import { Modal } from '../../../components/ui/modal';
import { BackToHomeLink } from '../components/back-to-home-link';
import { advertisingMeta } from '../../../lib/page-meta';
import { useDocumentMeta } from '../components/use-document-meta';
import { EMPTY_MEDIA_KIT, mediaKitValuesFrom, type MediaKitValues } from './media-kit-values';

import { MediaKitForm } from './media-kit-form';
import { TitledSection } from '../../../components/ui/titled-section';

/** The dialog's id: its button opens it by itself, before the app has started too. */
const MEDIA_KIT_DIALOG_ID = 'midia-kit';

export const MEDIA_KIT_SUCCESS = 'Obrigado pelo interesse! Entraremos em contato em breve.';

const BENEFITS = [
  {
    icon: Target,
    title: 'Alcance Local',
    text: `Fale diretamente com quem vive, trabalha e compra em ${site.city} e região.`,
  },
  {
    icon: Users,
    title: 'Público Qualificado',
    text: 'Mais de 50 mil leitores mensais, interessados no que acontece na cidade.',
  },
  {
    icon: BarChart3,
    title: 'Resultados Mensuráveis',
    text: 'Relatórios de impressões e cliques para você acompanhar o retorno do seu investimento.',
  },
] as const;

/** docs/product.md §21 price table. */
const AD_FORMATS = [
  { name: 'Banner Principal', size: '970x250', price: 'R$ 500/mês' },
  { name: 'Banner Lateral', size: '300x600', price: 'R$ 200/mês' },
  { name: 'Banner em Matéria', size: '728x90', price: 'R$ 400/mês' },
] as const;

interface AdvertisingPageProps {
  submitMediaKit: (input: MediaKitRequestInput) => Promise<void>;
  /** The success notice of docs/product.md §19; injectable so tests need not stub window.alert. */
  notify?: (message: string) => void;
}

export function AdvertisingPage({ submitMediaKit, notify = (message) => window.alert(message) }: AdvertisingPageProps) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<MediaKitValues>(EMPTY_MEDIA_KIT);
  const openedByBrowser = useCallback((dialog: HTMLDialogElement) => {
    const form = dialog.querySelector('form');
    if (form) setValues(mediaKitValuesFrom(form));
    setOpen(true);
  }, []);
  const meta = advertisingMeta(site.name);
  useDocumentMeta(meta.title, meta.description);

  async function submit(input: MediaKitRequestInput) {
    await submitMediaKit(input);
    // docs/product.md §19: the dialog closes first, then the thank-you notice, then the form starts over.
    flushSync(() => {
      setOpen(false);
      setValues(EMPTY_MEDIA_KIT);
    });
    notify(MEDIA_KIT_SUCCESS);
  }

  return (
    <div className="space-y-12">
      <BackToHomeLink />

      <section className="rounded-2xl bg-gradient-to-br from-brand-800 to-brand-900 px-6 py-12 text-center text-white sm:px-12">
        <h1 className="font-serif text-3xl font-bold sm:text-4xl">Anuncie no {site.name}</h1>
        <p className="mx-auto mt-4 max-w-2xl text-brand-50">
          Sua marca na frente de quem acompanha as notícias de {site.city} todos os dias.
        </p>
        <button
          type="button"
          command="show-modal"
          commandfor={MEDIA_KIT_DIALOG_ID}
          onClick={() => setOpen(true)}
          className="mt-8 rounded-md bg-white px-6 py-3 font-semibold text-brand-800 shadow hover:bg-brand-50"
        >
          Solicitar Mídia Kit
        </button>
      </section>

      <section aria-labelledby="beneficios-titulo">
        <h2 id="beneficios-titulo" className="sr-only">
          Por que anunciar
        </h2>
        <ul className="grid gap-6 md:grid-cols-3">
          {BENEFITS.map(({ icon, title, text }) => (
            <li key={title} className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
              <Icon node={icon} className="h-8 w-8 text-brand-700" />
              <h3 className="mt-3 text-lg font-bold text-slate-900">{title}</h3>
              <p className="mt-2 text-slate-700">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <TitledSection id="precos-titulo" title="Espaços e valores" className="space-y-4" headingClassName="text-2xl font-bold text-slate-900">
        {/* Smaller text and narrower cells below sm, and the price may wrap: at 320 px the table fits without scrolling (WCAG 1.4.10). */}
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full text-left text-sm sm:text-base">
            <thead className="bg-slate-100 text-sm text-slate-700">
              <tr>
                <th scope="col" className="px-2 py-3 sm:px-4">Formato</th>
                <th scope="col" className="px-2 py-3 sm:px-4">Tamanho</th>
                <th scope="col" className="px-2 py-3 sm:px-4">Valor</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {AD_FORMATS.map((format) => (
                <tr key={format.name}>
                  <th scope="row" className="px-2 py-3 font-semibold text-slate-900 sm:px-4">{format.name}</th>
                  <td className="whitespace-nowrap px-2 py-3 text-slate-700 sm:px-4">{format.size}</td>
                  <td className="px-2 py-3 font-semibold text-brand-800 sm:whitespace-nowrap sm:px-4">{format.price}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </TitledSection>

      <section aria-labelledby="contato-titulo" className="rounded-lg bg-slate-100 p-6">
        <h2 id="contato-titulo" className="text-2xl font-bold text-slate-900">
          Fale com o comercial
        </h2>
        <address className="mt-4 grid gap-4 not-italic sm:grid-cols-3">
          <p className="flex items-start gap-2">
            <Icon node={Mail} className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
            <a href={`mailto:${site.contact.email}`} className="break-all text-brand-800 hover:underline">
              {site.contact.email}
            </a>
          </p>
          <p className="flex items-start gap-2">
            <Icon node={Phone} className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
            <a href={`tel:${site.contact.phone.replace(/[^\d+]/g, '')}`} className="text-brand-800 hover:underline">
              {site.contact.phone}
            </a>
          </p>
          <p className="flex items-start gap-2 text-slate-800">
            <Icon node={MapPin} className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
            {site.contact.address}
          </p>
        </address>
      </section>

      <Modal
        open={open}
        title="Solicitar Mídia Kit"
        description="Preencha seus dados e enviaremos o mídia kit com formatos, valores e audiência."
        onClose={() => setOpen(false)}
        id={MEDIA_KIT_DIALOG_ID}
        onOpenedByBrowser={openedByBrowser}
      >
        <MediaKitForm values={values} onChange={setValues} onSubmit={submit} onCancel={() => setOpen(false)} />
      </Modal>
    </div>
  );
}
