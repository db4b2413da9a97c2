import { useEffect, useState } from 'react';
import { Check, Link2 } from 'lucide';
import { Icon } from '../../../components/ui/icon';

interface ShareButtonsProps {
  url: string;
  title: string;
}

type CopyState = 'idle' | 'copied' | 'failed';

/** Facebook, X and LinkedIn share links plus copy-link with a visible, announced confirmation. */
export function ShareButtons({ url, title }: ShareButtonsProps) {
  const [copy, setCopy] = useState<CopyState>('idle');
  const encodedUrl = encodeURIComponent(url);
  const targets = [
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${encodedUrl}`, short: 'f' },
    { name: 'X', href: `https://x.com/intent/post?url=${encodedUrl}&text=${encodeURIComponent(title)}`, short: '𝕏' },
    { name: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${encodedUrl}`, short: 'in' },
  ];

  useEffect(() => {
    if (copy === 'idle') return undefined;
    const timer = setTimeout(() => setCopy('idle'), 3_000);
    return () => clearTimeout(timer);
  }, [copy]);

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(url);
      setCopy('copied');
    } catch (error) {
      console.warn('Copying the link failed', error);
      setCopy('failed');
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      {targets.map((target) => (
        <a
          key={target.name}
          href={target.href}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex h-9 min-w-9 items-center justify-center gap-1 rounded-full border border-slate-300 bg-white px-3 text-sm font-bold text-slate-800 hover:border-brand-800 hover:bg-brand-800 hover:text-white"
        >
          <span aria-hidden="true">{target.short}</span>
          <span className="sr-only">Compartilhar no {target.name} (abre em nova aba)</span>
        </a>
      ))}
      <button
        type="button"
        onClick={() => void copyLink()}
        className="inline-flex h-9 items-center gap-1 rounded-full border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:border-brand-800 hover:bg-brand-800 hover:text-white"
      >
        {copy === 'copied' ? <Icon node={Check} className="h-4 w-4" /> : <Icon node={Link2} className="h-4 w-4" />}
        Copiar link
      </button>
      <span role="status" className="text-sm font-medium text-green-800">
        {copy === 'copied' ? 'Link copiado!' : copy === 'failed' ? 'Não foi possível copiar o link.' : ''}
      </span>
    </div>
  );
}
