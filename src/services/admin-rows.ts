import type { DataClient } from './client';
import { check } from './errors';

// The newsroom's plain row writes that the admin lists share: 'Publicar'/'Despublicar' and 'Excluir' by id.

/** The tables whose rows the admin lists publish and delete with no rule of their own. */
type AdminTable = 'jobs' | 'obituaries' | 'publications';

export async function setRowPublished(
  client: DataClient,
  table: Exclude<AdminTable, 'publications'>,
  id: string,
  published: boolean,
): Promise<void> {
  check(await client.from(table).update({ published }).eq('id', id));
}

export async function deleteRow(client: DataClient, table: AdminTable, id: string): Promise<void> {
  check(await client.from(table).delete().eq('id', id));
}

/** A plain table's list actions, bound to it: what an admin list's `service` takes (jobs, obituaries). */
export function publishableRows(table: Exclude<AdminTable, 'publications'>) {
  return {
    setPublished: (client: DataClient, id: string, published: boolean): Promise<void> => setRowPublished(client, table, id, published),
    remove: (client: DataClient, id: string): Promise<void> => deleteRow(client, table, id),
  };
}
