import { useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { Activity, ChartColumn, Briefcase, ClipboardCheck, FileText, Flower2, GalleryHorizontal, HandCoins, History, Inbox, LayoutDashboard, LogOut, Mail, Megaphone, Menu, Settings, ShieldCheck, Tags, UserCog, Users, X } from 'lucide';
import { Icon, type IconNode } from '../../../components/ui/icon';
import { paths } from '../../../lib/paths';
import { site } from '../../../config/site';
import { mayUse, ROLE_LABELS, type AdminArea, type StaffRole } from '../auth/permissions';

const ITEMS: readonly { to: string; label: string; icon: IconNode; end: boolean; area: AdminArea }[] = [
  { to: paths.admin.root(), label: 'Dashboard', icon: LayoutDashboard, end: true, area: 'dashboard' },
  { to: paths.admin.publications(), label: 'Publicações', icon: FileText, end: false, area: 'publications' },
  { to: paths.admin.review(), label: 'Revisão', icon: ClipboardCheck, end: false, area: 'review' },
  { to: paths.admin.topics(), label: 'Tópicos', icon: Tags, end: false, area: 'topics' },
  { to: paths.admin.obituaries(), label: 'Obituários', icon: Flower2, end: false, area: 'obituaries' },
  { to: paths.admin.jobs(), label: 'Vagas', icon: Briefcase, end: false, area: 'jobs' },
  { to: paths.admin.tips(), label: 'Sugestões de pauta', icon: Inbox, end: false, area: 'tips' },
  { to: paths.admin.support(), label: 'Apoios', icon: HandCoins, end: false, area: 'support' },
  { to: paths.admin.mediaKit(), label: 'Mídia Kit', icon: Megaphone, end: false, area: 'mediaKit' },
  { to: paths.admin.ads(), label: 'Anúncios', icon: GalleryHorizontal, end: false, area: 'ads' },
  { to: paths.admin.audience(), label: 'Audiência', icon: ChartColumn, end: false, area: 'audience' },
  { to: paths.admin.newsletter(), label: 'Newsletter', icon: Mail, end: false, area: 'newsletter' },
  { to: paths.admin.users(), label: 'Usuários', icon: Users, end: false, area: 'users' },
  { to: paths.admin.audit(), label: 'Auditoria', icon: History, end: false, area: 'audit' },
  // Privacy (docs/decisions/0039): the settings and the data subjects' rights are administrators' screens (the
  // database refuses anyone else); 'Minha conta' is every account's.
  { to: paths.admin.dataRights(), label: 'Direitos dos titulares', icon: ShieldCheck, end: false, area: 'dataRights' },
  { to: paths.admin.settings(), label: 'Configurações', icon: Settings, end: false, area: 'settings' },
  // The scheduled jobs and the site's health (docs/decisions/0042): administrators only.
  { to: paths.admin.system(), label: 'Sistema', icon: Activity, end: false, area: 'system' },
  { to: paths.admin.account(), label: 'Minha conta', icon: UserCog, end: false, area: 'account' },
];

interface AdminSidebarProps {
  userName: string;
  /** Only the screens this role may use are offered (docs/decisions/0037). */
  role: StaffRole;
  onSignOut: () => void;
}

/**
 * docs/product.md §11 sidebar, with Revisão, Sugestões de pauta, Mídia Kit, Anúncios, Newsletter, Usuários and
 * Auditoria added, each shown to the roles that may use it. NavLink marks the active item with aria-current="page";
 * on a phone the menu folds behind a button in a top bar and closes after a choice.
 */
export function AdminSidebar({ userName, role, onSignOut }: AdminSidebarProps) {
  const [openFor, setOpenFor] = useState<string | null>(null);
  const location = useLocation();
  const navId = useId();
  // Open only for the page it was opened on: navigating closes it without an effect.
  const open = openFor === location.pathname;
  const toggle = useRef<HTMLButtonElement>(null);

  return (
    <aside className="bg-brand-900 text-white md:w-64 md:shrink-0">
      {/* Escape, from the menu or its button, closes the open phone menu and gives focus back to the button (as the
          reader's menu does). */}
      <div
        className="md:sticky md:top-0 md:flex md:h-screen md:flex-col md:overflow-y-auto"
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || !open) return;
          setOpenFor(null);
          toggle.current?.focus();
        }}
      >
        <div className="flex items-center justify-between px-4 py-3 md:py-5">
          <div className="min-w-0">
            <p className="truncate text-base font-bold">{site.name}</p>
            <p className="text-xs text-blue-100">Painel administrativo</p>
          </div>
          <button
            ref={toggle}
            type="button"
            className="inline-flex h-10 w-10 items-center justify-center rounded-md hover:bg-white/10 md:hidden"
            aria-expanded={open}
            aria-controls={navId}
            aria-label={open ? 'Fechar menu' : 'Abrir menu'}
            onClick={() => setOpenFor(open ? null : location.pathname)}
          >
            {open ? <Icon node={X} className="h-6 w-6" /> : <Icon node={Menu} className="h-6 w-6" />}
          </button>
        </div>
        <div id={navId} className={`${open ? 'block' : 'hidden'} border-t border-white/10 md:flex md:flex-1 md:flex-col md:border-0`}>
          <nav aria-label="Painel administrativo" className="px-2 py-2 md:flex-1">
            <ul className="space-y-1">
              {ITEMS.filter((item) => mayUse(role, item.area)).map(({ to, label, icon, end }) => (
                <li key={to}>
                  <NavLink
                    to={to}
                    end={end}
                    className={({ isActive }) =>
                      `flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium ${
                        isActive ? 'bg-white text-brand-900' : 'text-blue-50 hover:bg-white/10'
                      }`
                    }
                  >
                    <Icon node={icon} className="h-5 w-5" />
                    {label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="border-t border-white/10 px-2 py-3">
            {userName && <p className="truncate px-3 text-xs text-blue-100">{userName}</p>}
            <p className="truncate px-3 pb-2 text-xs text-blue-100">{ROLE_LABELS[role]}</p>
            <button
              type="button"
              onClick={onSignOut}
              className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-blue-50 hover:bg-white/10"
            >
              <Icon node={LogOut} className="h-5 w-5" />
              Sair
            </button>
          </div>
        </div>
      </div>
    </aside>
  );
}
