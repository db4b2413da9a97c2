import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Client } from '../../../services/client';
import { getUrgentStory } from '../../../services/breaking-news-admin';
import { savePublication, type PublicationInput } from '../../../services/publication-admin';
import { toSaoPauloInput } from '../../../lib/dates';
import { paths } from '../../../lib/paths';
import { buildPublicationInput } from '../../../../tests/support/row-factories';
import { routeTestBackend, screenClient } from '../../../../tests/support/route-test-backend';
import { renderRoute } from '../testing/render-route';
import * as publicationFormRoute from './publication-form.route';
import * as publicationListRoute from './publication-list.route';

// Breaking news ('Plantão', decision 0034) with the screens, their services and the database together: the editor
// marks a saved story urgent until an end time on its form, is told in pt-BR beside the field what is wrong without
// losing what was typed, sees the mark on the list, and ends it early.
vi.mock('../../../services/browser-client', () => import('../../../../tests/support/route-test-backend'));
routeTestBackend();

let admin: Client;
let topicId: string;

beforeAll(async () => {
  admin = screenClient();
  const { data, error } = await admin.from('topics').select('id').eq('slug', 'local').single();
  if (error) throw error;
  topicId = data.id;
}, 60_000);

afterEach(async () => {
  const urgent = await getUrgentStory(admin);
  if (urgent) await admin.from('publications').update({ urgent_until: null }).eq('id', urgent.id);
});

const run = Date.now().toString(36);
const HOUR = 3_600_000;

function story(title: string, overrides: Partial<PublicationInput> = {}) {
  return savePublication(admin, buildPublicationInput({ title: `${title} ${run}`, topic_id: topicId, published: true, ...overrides }));
}

function openForm(id: string) {
  renderRoute(publicationFormRoute, { pattern: paths.admin.publicationEdit.pattern, path: paths.admin.publicationEdit(id) });
}

describe("the 'Plantão' box of a story's form", () => {
  it('marks a published story urgent until the time typed, refusing a past or too distant one beside the field with what was typed kept', async () => {
    const urgent = await story('Temporal no centro');
    const user = userEvent.setup();
    openForm(urgent.id);

    const field = await screen.findByLabelText(/Urgente até/, {}, { timeout: 30_000 });
    // Two hours ahead by default, in São Paulo time.
    const shown = Date.parse(`${(field as HTMLInputElement).value}:00-03:00`);
    expect(Math.abs(shown - (Date.now() + 2 * HOUR))).toBeLessThan(2 * 60_000);

    const past = toSaoPauloInput(new Date(Date.now() - HOUR));
    await user.clear(field);
    await user.type(field, past);
    await user.click(screen.getByRole('button', { name: 'Marcar como urgente' }));
    expect(await screen.findByText('Escolha uma data e hora no futuro (horário de São Paulo)')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveValue(past);

    const tooFar = toSaoPauloInput(new Date(Date.now() + 30 * HOUR));
    await user.clear(field);
    await user.type(field, tooFar);
    await user.click(screen.getByRole('button', { name: 'Marcar como urgente' }));
    expect(await screen.findByText('O plantão pode durar no máximo 24 horas')).toBeInTheDocument();
    expect(field).toHaveValue(tooFar);
    await expect(getUrgentStory(admin)).resolves.toBeNull();

    const until = new Date(Date.now() + 3 * HOUR);
    until.setUTCSeconds(0, 0);
    await user.clear(field);
    await user.type(field, toSaoPauloInput(until));
    await user.click(screen.getByRole('button', { name: 'Marcar como urgente' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/^Plantão no ar até \d\d\/\d\d\/\d{4} \d\d:\d\d \(horário de São Paulo\)\.$/);
    await expect(getUrgentStory(admin)).resolves.toMatchObject({ id: urgent.id });
    expect(Date.parse((await getUrgentStory(admin))!.urgent_until)).toBe(until.getTime());

    // Ended early: the banner goes.
    await user.click(await screen.findByRole('button', { name: 'Encerrar plantão' }));
    expect(await screen.findByText('Plantão encerrado: a faixa saiu do site.')).toBeInTheDocument();
    await expect(getUrgentStory(admin)).resolves.toBeNull();
  }, 60_000);

  it('refuses to mark a draft, saying why beside the field', async () => {
    const draft = await story('Rascunho de plantão', { published: false });
    const user = userEvent.setup();
    openForm(draft.id);
    await user.click(await screen.findByRole('button', { name: 'Marcar como urgente' }, { timeout: 30_000 }));
    expect(await screen.findByText('Só uma publicação já publicada (não agendada nem rascunho) pode ser urgente')).toBeInTheDocument();
    await expect(getUrgentStory(admin)).resolves.toBeNull();
  }, 60_000);

  it('names the story a new mark replaces', async () => {
    const current = await story('Plantão anterior');
    await admin.from('publications').update({ urgent_until: new Date(Date.now() + HOUR).toISOString() }).eq('id', current.id);
    const next = await story('Plantão novo');
    openForm(next.id);
    expect(await screen.findByText(`Ao marcar, esta publicação substitui “${current.title}” no plantão.`, {}, { timeout: 30_000 })).toBeInTheDocument();
  }, 60_000);
});

describe('the publication list', () => {
  it("shows which story is urgent and until when ('Urgente até …', São Paulo time)", async () => {
    const urgent = await story('Enchente no Rio Mogi');
    const until = new Date(Date.now() + HOUR);
    await admin.from('publications').update({ urgent_until: until.toISOString() }).eq('id', urgent.id);
    renderRoute(publicationListRoute, { pattern: paths.admin.publications.pattern, path: `${paths.admin.publications()}?q=${run}` });
    const row = await screen.findByRole('row', { name: new RegExp(urgent.title) }, { timeout: 30_000 });
    const label = `Urgente até ${toSaoPauloInput(until).replace(/^(\d{4})-(\d\d)-(\d\d)T/, '$3/$2/$1 ')}`;
    expect(within(row).getAllByText(label).length).toBeGreaterThan(0);
  }, 60_000);
});
