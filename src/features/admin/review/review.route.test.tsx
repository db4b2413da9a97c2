import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Client } from '../../../services/client';
import { paths } from '../../../lib/paths';
import { routeTestBackend } from '../../../../tests/support/route-test-backend';
import { renderRoute } from '../testing/render-route';
import * as auditRoute from '../audit/audit.route';
import * as reviewRoute from './review.route';

// 'Revisão' and 'Auditoria' (docs/decisions/0037) against the local backend: a reporter's drafts wait in the queue,
// the administrator (an editor too) publishes one and returns the other with a note, and the audit log shows both.
vi.mock('../../../services/browser-client', () => import('../../../../tests/support/route-test-backend'));
vi.mock('../auth/admin-access', () => ({ requireAdmin: () => Promise.resolve('admin') }));
const local = routeTestBackend();

let reporter: Client;
let reporterId: string;

async function sentForReview(title: string): Promise<string> {
  const { data, error } = await reporter
    .from('publications')
    .insert({ title, content: '<p>Texto</p>', author_id: reporterId, review_requested_at: new Date().toISOString() })
    .select('id')
    .single();
  if (error) throw new Error(`draft failed: ${error.message}`);
  return data.id;
}

beforeAll(async () => {
  const email = `reporter-${Date.now().toString(36)}@example.com`;
  reporter = local.backend.anon();
  const { data, error } = await reporter.auth.signUp({ email, password: 'senha-segura-1', options: { data: { name: 'Rita Repórter' } } });
  if (error || !data.user) throw new Error(`sign-up failed: ${error?.message}`);
  reporterId = data.user.id;
  const approval = await (await local.backend.admin()).rpc('set_profile_role', { target_id: reporterId, new_role: 'reporter' });
  if (approval.error) throw new Error(approval.error.message);
  await reporter.auth.signInWithPassword({ email, password: 'senha-segura-1' });
}, 60_000);

describe('the review queue', () => {
  it('lists the stories sent for review; publishes one; returns the other with a note, which it requires', async () => {
    const toPublish = await sentForReview(`Buraco na rua ${Date.now()}`);
    const toReturn = await sentForReview(`Feira sem fotos ${Date.now()}`);
    const user = userEvent.setup();
    renderRoute(reviewRoute, { pattern: paths.admin.review.pattern });

    const list = await screen.findByRole('list', { name: 'Publicações aguardando revisão' });
    const cards = within(list).getAllByRole('listitem');
    const titles = cards.map((card) => within(card).getByRole('heading').textContent);
    // The longest-waiting first.
    expect(titles.indexOf(titles.find((t) => t?.startsWith('Buraco')) ?? '')).toBeLessThan(titles.indexOf(titles.find((t) => t?.startsWith('Feira')) ?? ''));

    const publishCard = screen.getByRole('listitem', { name: /^Buraco na rua/ });
    expect(publishCard).toHaveTextContent('Enviada por Rita Repórter em');
    await user.click(within(publishCard).getByRole('button', { name: /^Publicar:/ }));
    expect(await screen.findByRole('status')).toHaveTextContent(/foi publicada/);
    await waitFor(() => expect(screen.queryByRole('listitem', { name: /^Buraco na rua/ })).not.toBeInTheDocument());

    const returnCard = screen.getByRole('listitem', { name: /^Feira sem fotos/ });
    await user.click(within(returnCard).getByRole('button', { name: /^Devolver ao repórter:/ }));
    await user.click(within(returnCard).getByRole('button', { name: 'Devolver ao repórter' }));
    expect(within(returnCard).getByRole('textbox', { name: /O que falta para publicar/ })).toHaveAccessibleDescription(/Escreva ao repórter/);
    await user.type(within(returnCard).getByRole('textbox', { name: /O que falta para publicar/ }), 'Falta a foto da feira.');
    await user.click(within(returnCard).getByRole('button', { name: 'Devolver ao repórter' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: /^Feira sem fotos/ })).not.toBeInTheDocument());

    const { data } = await reporter.from('publications').select('id,published,review_requested_at,review_note').in('id', [toPublish, toReturn]);
    expect(data?.find((row) => row.id === toPublish)).toMatchObject({ published: true, review_requested_at: null });
    expect(data?.find((row) => row.id === toReturn)).toMatchObject({ published: false, review_requested_at: null, review_note: 'Falta a foto da feira.' });
  });
});

describe('the audit log screen', () => {
  it('lists entries newest first with their pt-BR labels, and filters by action', async () => {
    const id = await sentForReview(`Audit ${Date.now()}`);
    await (await local.backend.admin()).from('publications').update({ published: true }).eq('id', id);
    const user = userEvent.setup();
    renderRoute(auditRoute, { pattern: paths.admin.audit.pattern });

    const table = await screen.findByRole('table', { name: 'Registro de auditoria' });
    const rows = within(table).getAllByRole('row').slice(1);
    // The newest entry first: the publication just made.
    expect(rows[0]).toHaveTextContent('Publicação');
    expect(rows[0]).toHaveTextContent(/Audit/);
    expect(within(table).getAllByText('Enviada para revisão').length).toBeGreaterThan(0);
    expect(within(table).getAllByText('Mudança de papel').length).toBeGreaterThan(0);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Ação' }), 'role_change');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Registro de auditoria' })).queryAllByText('Publicação')).toHaveLength(0));
    expect(within(screen.getByRole('table', { name: 'Registro de auditoria' })).getAllByText('Mudança de papel').length).toBeGreaterThan(0);
  });
});
