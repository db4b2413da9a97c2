import { useEffect, useState, type ReactNode } from 'react';
import { Check, Link2, MessageCircle, Share2 } from 'lucide';
import { Icon } from '../../../components/ui/icon';
import { useHydrated } from '../../../lib/use-hydrated';

interface ShareButtonsProps {
  url: string;
  title: string;
}

type Status = 'idle' | 'copied' | 'copy-failed' | 'share-failed';

const STATUS_TEXT: Record<Status, string> = {
  idle: '',
  copied: 'Link copiado!',
  'copy-failed': 'Não foi possível copiar o link.',
  'share-failed': 'Não foi possível compartilhar a notícia.',
};

const BUTTON_CLASS =
  'inline-flex h-9 items-center gap-1 rounded-full border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:border-brand-800 hover:bg-brand-800 hover:text-white';

const LINK_CLASS = 'inline-flex h-9 min-w-9 items-center justify-center gap-1 rounded-full border border-slate-300 bg-white px-3 text-sm font-bold text-slate-800 hover:text-white';

/** The user closing the share sheet rejects with an AbortError: a choice, not a failure. */
function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError';
}

/**
 * WhatsApp, Facebook, X and LinkedIn share links, the system share sheet where the browser has one, and copy-link,
 * with a visible, announced confirmation.
 */
export function ShareButtons({ url, title }: ShareButtonsProps) {
  const [status, setStatus] = useState<Status>('idle');
  // Prerendered HTML has no share sheet button (the server cannot know the browser): it appears after hydration, so
  // hydration meets exactly the HTML it expects.
  const hydrated = useHydrated();
  const canShare = hydrated && typeof navigator.share === 'function';
  const encodedUrl = encodeURIComponent(url);
  const targets: { name: string; href: string; mark: ReactNode; hover: string }[] = [
    {
      name: 'WhatsApp',
      href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`,
      mark: <Icon node={MessageCircle} className="h-4 w-4" />,
      // WhatsApp's darker brand green: white on its bright #25D366 is barely legible.
      hover: 'hover:border-[#128C7E] hover:bg-[#128C7E]',
    },
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${encodedUrl}`, mark: 'f', hover: 'hover:border-brand-800 hover:bg-brand-800' },
    {
      name: 'X',
      href: `https://x.com/intent/post?url=${encodedUrl}&text=${encodeURIComponent(title)}`,
      mark: '𝕏',
      hover: 'hover:border-brand-800 hover:bg-brand-800',
    },
    {
      name: 'LinkedIn',
      href: `https://www.linkedin.com/sharing/share-offsite/?url=${encodedUrl}`,
      mark: 'in',
      hover: 'hover:border-brand-800 hover:bg-brand-800',
    },
  ];

  useEffect(() => {
    if (status === 'idle') return undefined;
    const timer = setTimeout(() => setStatus('idle'), 3_000);
    return () => clearTimeout(timer);
  }, [status]);

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(url);
      setStatus('copied');
    } catch (error) {
      console.warn('Copying the link failed', error);
      setStatus('copy-failed');
    }
  }

  async function share() {
    try {
      await navigator.share({ title, url });
    } catch (error) {
      if (isAbort(error)) return;
      console.warn('Sharing failed', error);
      setStatus('share-failed');
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      {targets.map((target) => (
        <a key={target.name} href={target.href} target="_blank" rel="noopener noreferrer" className={`${LINK_CLASS} ${target.hover}`}>
          <span aria-hidden="true">{target.mark}</span>
          <span className="sr-only">Compartilhar no {target.name} (abre em nova aba)</span>
        </a>
      ))}
      {canShare && (
        <button type="button" onClick={() => void share()} className={BUTTON_CLASS}>
          <Icon node={Share2} className="h-4 w-4" />
          Compartilhar
        </button>
      )}
      {/* Copying is the app's: in the server's HTML the button shows, disabled, until the app has started. */}
      <button type="button" onClick={() => void copyLink()} disabled={!hydrated} className={`${BUTTON_CLASS} disabled:opacity-60`}>
        {status === 'copied' ? <Icon node={Check} className="h-4 w-4" /> : <Icon node={Link2} className="h-4 w-4" />}
        Copiar link
      </button>
      <span role="status" className="text-sm font-medium text-green-800">
        {STATUS_TEXT[status]}
      </span>
    </div>
  );
}
