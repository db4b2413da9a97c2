import { User } from 'lucide';
import { Icon } from '../../../components/ui/icon';
import { deleteObituary, listObituariesPage, setObituaryPublished } from '../../../services/obituary-admin';
import type { Obituary } from '../../../services/obituaries';
import { formatDate } from '../../../lib/dates';
import { resourceListRoute } from '../shared/resource-list-route';
import { PhoneDetails, statusColumn } from '../shared/resource-table';
import { OBITUARY_RESOURCE } from './obituary-resource';

/** docs/product.md §2 obituary list: Nome (round photo), Idade, Data do Falecimento, Local do Velório, Status, Ações. */
export const { loader, action, Component, ErrorBoundary } = resourceListRoute<Obituary>(OBITUARY_RESOURCE, {
  rowLabel: (obituary) => obituary.name,
  cursorOf: (obituary) => ({ at: obituary.death_date, id: obituary.id }),
  columns: [
    {
      header: 'Nome',
      render: (obituary) => (
        <div className="flex items-center gap-3">
          {obituary.photo_url ? (
            <img src={obituary.photo_url} alt="" className="h-10 w-10 shrink-0 rounded-full object-cover" />
          ) : (
            <span className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-slate-200 text-slate-600">
              <Icon node={User} className="h-5 w-5" />
            </span>
          )}
          <div>
            <span className="font-medium text-slate-900">{obituary.name}</span>
            <PhoneDetails row={obituary} details={[`${obituary.age} anos`, formatDate(obituary.death_date)]} />
          </div>
        </div>
      ),
    },
    { header: 'Idade', phoneHidden: true, className: 'whitespace-nowrap', render: (obituary) => `${obituary.age} anos` },
    { header: 'Data do Falecimento', phoneHidden: true, className: 'whitespace-nowrap', render: (obituary) => formatDate(obituary.death_date) },
    { header: 'Local do Velório', phoneHidden: true, render: (obituary) => obituary.funeral_location },
    statusColumn(),
  ],
  service: { list: listObituariesPage, setPublished: setObituaryPublished, remove: deleteObituary },
});
