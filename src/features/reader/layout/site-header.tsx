import { useEffect, useId, useRef, useState } from 'react';
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
  const menuId = useId();
  const menu = useRef<HTMLUListElement>(null);
  // The phone menu is a native popover: its button opens it before the app has started too. The app mirrors its
  // state for the button's name, picks up one opened before hydration, and closes it when a link is chosen.
  const [menuOpen, setMenuOpen] = useState(false);
  const menuPath = useRef(pathname);
  useEffect(() => {
    setMenuOpen(isOpenPopover(menu.current));
  }, []);
  useEffect(() => {
    if (menuPath.current === pathname) return;
    menuPath.current = pathname;
    if (isOpenPopover(menu.current)) menu.current?.hidePopover();
  }, [pathname]);

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
            popoverTarget={menuId}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? 'Fechar menu' : 'Abrir menu'}
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
        {/* On a phone, the open popover lies over the page just below the masthead (4.5 rem tall); from lg up the
            list is always shown in its place, with the browser's popover styles undone. */}
        <ul
          ref={menu}
          id={menuId}
          popover="auto"
          onToggle={(event) => setMenuOpen(event.newState === 'open')}
          className="fixed inset-x-0 top-18 bottom-auto m-0 hidden max-h-[calc(100dvh-4.5rem)] w-auto flex-col gap-1 overflow-auto border-0 border-t border-brand-700 bg-brand-800 px-4 py-2 text-white shadow-lg open:flex lg:static lg:mx-auto lg:flex lg:h-auto lg:max-h-none lg:max-w-7xl lg:flex-row lg:flex-wrap lg:overflow-visible lg:border-0 lg:bg-transparent lg:shadow-none"
        >
          {topicNavigation.map((topic) => (
            <li key={topic.slug}>
              <NavLink to={paths.topic(topic.slug)} className={navLinkClass}>
                {topic.label}
              </NavLink>
            </li>
          ))}
          {/* Reader support (decision 0054): the menu's last item, set apart from the topics on a wide screen. */}
          <li className="lg:ml-auto">
            <NavLink to={paths.support()} className={navLinkClass}>
              Apoie o jornal
            </NavLink>
          </li>
        </ul>
      </nav>
    </header>
  );
}

/** Whether a popover is open; false where the browser (or jsdom) has no popovers. */
function isOpenPopover(element: HTMLElement | null): boolean {
  try {
    return element?.matches(':popover-open') ?? false;
  } catch {
    return false;
  }
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
