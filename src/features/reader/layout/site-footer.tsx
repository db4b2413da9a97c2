import { Link } from 'react-router';
import { site } from '../../../config/site';
import { saoPauloYear } from '../../../lib/dates';
import { paths } from '../../../lib/paths';
import { useHydrated } from '../../../lib/use-hydrated';
import { signUp } from '../newsletter/newsletter-data';
import { NewsletterSignup } from '../newsletter/newsletter-signup';

export function SiteFooter() {
  // The year is the reader's, not the build's (prerendered HTML): filled in once the app has hydrated.
  const year = useHydrated() ? saoPauloYear() : null;
  return (
    <footer className="mt-12 bg-slate-900 text-slate-300">
      <div className="mx-auto max-w-7xl px-4 pt-10">
        <div className="max-w-xl">
          <NewsletterSignup signUp={signUp} tone="footer" />
        </div>
      </div>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="font-serif text-lg font-bold text-white">{site.name}</p>
          <p className="mt-2 text-sm">{site.tagline}</p>
        </div>
        <nav aria-label="Rodapé">
          <ul className="space-y-2 text-sm">
            <li>
              <Link to={paths.tipLine()} className="hover:text-white hover:underline">
                Envie sua notícia
              </Link>
            </li>
            <li>
              <Link to={paths.support()} className="hover:text-white hover:underline">
                Apoie o jornal
              </Link>
            </li>
            <li>
              <Link to={paths.advertising()} className="hover:text-white hover:underline">
                Anuncie
              </Link>
            </li>
            <li>
              <Link to={paths.obituaries()} className="hover:text-white hover:underline">
                Obituário
              </Link>
            </li>
            <li>
              <Link to={paths.jobs()} className="hover:text-white hover:underline">
                Vagas de Emprego
              </Link>
            </li>
            <li>
              <Link to={paths.privacy()} className="hover:text-white hover:underline">
                Política de Privacidade
              </Link>
            </li>
            <li>
              <Link to={paths.accessibility()} className="hover:text-white hover:underline">
                Acessibilidade
              </Link>
            </li>
            <li>
              <Link to={paths.corrections()} className="hover:text-white hover:underline">
                Correções
              </Link>
            </li>
          </ul>
        </nav>
        <address className="space-y-1 text-sm not-italic">
          <p>
            {/* A third of a 640 px footer (a 1280 px window at 200%) is narrower than the address: it breaks. */}
            <a href={`mailto:${site.contact.email}`} className="break-all hover:text-white hover:underline">
              {site.contact.email}
            </a>
          </p>
          <p>
            <a href={`tel:${site.contact.phone.replace(/[^\d+]/g, '')}`} className="hover:text-white hover:underline">
              {site.contact.phone}
            </a>
          </p>
          <p>{site.contact.address}</p>
        </address>
      </div>
      <p className="border-t border-slate-800 py-4 text-center text-xs text-slate-400">
        © {year} {site.name}. {site.city} – {site.state}.
      </p>
    </footer>
  );
}
