import { useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Bell, Menu, MessageCircle, Search, X } from 'lucide';
import { Icon } from '../../../components/ui/icon';
import { site } from '../../../config/site';
import { paths, topicNavigation } from '../../../lib/paths';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded px-3 py-2 text-sm font-medium ${isActive ? 'bg-brand-900 text-white' : 'text-brand-50 hover:bg-brand-700 hover:text-white'}`;

/** docs/product.md §1 masthead: title, social links, the search link, the inert notification icon, the topic navigation. */
export function SiteHeader() {
  const { pathname } = useLocation();
  // The menu is open for the page it was opened on: choosing a link navigates and so closes it.
  const [openOnPath, setOpenOnPath] = useState<string | null>(null);
  const menuOpen = openOnPath === pathname;
  const menuId = useId();

  return (
    <header className="bg-brand-800 text-white">
      {/* The icons' column has their final width (four 36 px controls, 4 px apart) before they arrive: on a slow
          connection the page paints as its HTML comes in, and a column growing icon by icon would push the site's
          name onto a second line under the reader's eyes. */}
      <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)_9.75rem] items-center gap-4 px-4 py-4">
        <div className="flex items-center gap-2">
          <button
            type="button"
            className="rounded p-2 hover:bg-brand-700 lg:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? 'Fechar menu' : 'Abrir menu'}
            onClick={() => setOpenOnPath(menuOpen ? null : pathname)}
          >
            {menuOpen ? <Icon node={X} className="h-6 w-6" /> : <Icon node={Menu} className="h-6 w-6" />}
          </button>
          <Link to={paths.home()} className="font-serif text-xl font-bold tracking-tight sm:text-2xl">
            {site.name}
          </Link>
        </div>
        <div className="flex items-center gap-1">
          <a
            href={site.instagramUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="rounded p-2 hover:bg-brand-700"
            aria-label="Instagram (abre em nova aba)"
          >
            <InstagramIcon />
          </a>
          <a
            href={site.whatsappGroupUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="rounded p-2 hover:bg-brand-700"
            aria-label="Grupo no WhatsApp (abre em nova aba)"
          >
            <Icon node={MessageCircle} className="h-5 w-5" />
          </a>
          {/* The site search is a page of its own (lazy), so the masthead only links to it. */}
          <Link to={paths.search()} className="rounded p-2 hover:bg-brand-700" aria-label="Buscar" title="Buscar">
            <Icon node={Search} className="h-5 w-5" />
          </Link>
          {/* docs/product.md §1: notifications are shown but inert; they say so rather than pretend to work. */}
          <button type="button" aria-disabled="true" title="Em breve" className="cursor-not-allowed rounded p-2 opacity-80" aria-label="Notificações (em breve)">
            <Icon node={Bell} className="h-5 w-5" />
          </button>
        </div>
      </div>
      <nav aria-label="Editorias" className="border-t border-brand-700">
        <ul
          id={menuId}
          className={`${menuOpen ? 'flex' : 'hidden'} mx-auto max-w-7xl flex-col gap-1 px-4 py-2 lg:flex lg:flex-row lg:flex-wrap`}
        >
          {topicNavigation.map((topic) => (
            <li key={topic.slug}>
              <NavLink to={paths.topic(topic.slug)} className={navLinkClass}>
                {topic.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}

/** lucide dropped brand marks; this is the image-sharing network's glyph drawn in lucide's stroke style. */
function InstagramIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <rect x="2" y="2" width="20" height="20" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <line x1="17.5" y1="6.5" x2="17.51" y2="6.5" />
    </svg>
  );
}
