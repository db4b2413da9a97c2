import type { Job } from '../../../services/jobs';
import { paths } from '../../../lib/paths';
import { DataTable, EmptyRow, cell, desktopCell, phoneDetails } from '../shared/data-table';
import { RowActions } from '../shared/row-actions';
import { StatusBadge } from '../shared/status-badge';

export const DELETE_JOB_MESSAGE = 'Tem certeza que deseja excluir esta vaga?';

interface JobTableProps {
  jobs: readonly Job[];
  busyId: string | null;
  onTogglePublished: (job: Job) => void;
  onDelete: (job: Job) => void;
}

/** SPEC §2 job list: Vaga (title + one-line description), Empresa, Tipo, Local, Status, Ações. */
export function JobTable({ jobs, busyId, onTogglePublished, onDelete }: JobTableProps) {
  return (
    <DataTable caption="Vagas de Emprego" headers={['Vaga', 'Empresa', 'Tipo', 'Local', 'Status', 'Ações']}
      phoneHidden={['Empresa', 'Tipo', 'Local', 'Status']}
    >
      {jobs.length === 0 && <EmptyRow colSpan={6}>Nenhuma vaga cadastrada</EmptyRow>}
      {jobs.map((job) => (
        <tr key={job.id}>
          <td className={`${cell} md:min-w-56 md:max-w-sm`}>
            <p className="font-medium text-slate-900">{job.title}</p>
            {job.description && <p className="line-clamp-1 text-xs text-slate-600">{job.description}</p>}
            <p className={phoneDetails}>
              <StatusBadge published={job.published} publishedLabel="Publicada" />
              <span>{job.company}</span>
              <span>{job.contract_type}</span>
            </p>
          </td>
          <td className={`${cell} ${desktopCell}`}>{job.company}</td>
          <td className={`${cell} ${desktopCell} whitespace-nowrap`}>{job.contract_type}</td>
          <td className={`${cell} ${desktopCell}`}>{job.location}</td>
          <td className={`${cell} ${desktopCell}`}>
            <StatusBadge published={job.published} publishedLabel="Publicada" />
          </td>
          <td className={cell}>
            <RowActions
              itemLabel={job.title}
              editTo={paths.admin.jobEdit(job.id)}
              published={job.published}
              onTogglePublished={() => onTogglePublished(job)}
              onDelete={() => onDelete(job)}
              busy={busyId === job.id}
            />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
