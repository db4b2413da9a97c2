import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Client } from '../../../services/client';
import { getLeadStory, getPublication, savePublication, type PublicationInput } from '../../../services/publication-admin';
import { paths } from '../../../lib/paths';
import { buildPublicationInput } from '../../../../tests/support/row-factories';
import { routeTestBackend, screenClient } from '../../../../tests/support/route-test-backend';
import { renderRoute } from '../testing/render-route';
import * as publicationFormRoute from './publication-form.route';
import * as publicationListRoute from './publication-list.route';

// Choosing a new lead story ('Manchete') with the screens, their services and the database together: the new lead
// replaces the current one in one step (supabase/migrations/20261126120000_lead_story_replaces_previous.sql), and
// the screens say which story stops being the lead.
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

const run = Date.now().toString(36);

function story(title: string, overrides: Partial<PublicationInput> = {}) {
  return savePublication(admin, buildPublicationInput({ title: `${title} ${run}`, topic_id: topicId, published: true, ...overrides }));
}

describe('choosing a new lead story', () => {
  it("from the list: 'Tornar manchete' on another story moves the mark in one step and says which story lost it", async () => {
    const current = await story('Manchete de ontem', { is_lead: true });
    const next = await story('Manchete de hoje');
    const user = userEvent.setup();
    // Searched for this run's stories only: role queries over the whole seeded list are slow in jsdom.
    renderRoute(publicationListRoute, { pattern: paths.admin.publications.pattern, path: `${paths.admin.publications()}?q=${run}` });

    const nextRow = await screen.findByRole('row', { name: new RegExp(next.title) });
    await user.click(within(nextRow).getByRole('button', { name: `Tornar manchete: ${next.title}` }));

    expect(await screen.findByRole('status')).toHaveTextContent(`Manchete alterada: “${current.title}” deixou de ser a manchete.`);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(await within(screen.getByRole('row', { name: new RegExp(next.title) })).findByRole('button', { name: `Remover manchete: ${next.title}` })).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: new RegExp(current.title) })).getByRole('button', { name: `Tornar manchete: ${current.title}` })).toBeInTheDocument();
    await expect(getLeadStory(admin)).resolves.toEqual({ id: next.id, title: next.title });
    // The file's first render also loads the list's modules: on a busy 2-core machine that alone can take seconds.
  }, 60_000);

  it("from the form: ticking 'Manchete' names the story that stops being the lead, before saving; saving moves the mark", async () => {
    const current = await story('Manchete atual', { is_lead: true });
    const next = await story('Reportagem especial');
    const user = userEvent.setup();
    renderRoute(publicationFormRoute, { pattern: paths.admin.publicationEdit.pattern, path: paths.admin.publicationEdit(next.id) });

    const lead = await screen.findByRole('checkbox', { name: 'Manchete da página inicial' });
    const notice = `Ao salvar, esta publicação passa a ser a manchete, no lugar de “${current.title}”, que deixa de ser a manchete.`;
    expect(screen.queryByText(notice)).not.toBeInTheDocument();
    await user.click(lead);
    expect(screen.getByText(notice)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText(`outra página: ${paths.admin.publications()}`)).toBeInTheDocument();
    await expect(getLeadStory(admin)).resolves.toEqual({ id: next.id, title: next.title });
    expect((await getPublication(admin, current.id))?.is_lead).toBe(false);
  });

  it('says nothing about a replacement when the story edited is the lead already', async () => {
    const current = await story('Manchete mantida', { is_lead: true });
    renderRoute(publicationFormRoute, { pattern: paths.admin.publicationEdit.pattern, path: paths.admin.publicationEdit(current.id) });
    expect(await screen.findByRole('checkbox', { name: 'Manchete da página inicial' })).toBeChecked();
    expect(screen.queryByText(/no lugar de/)).not.toBeInTheDocument();
  });
});
