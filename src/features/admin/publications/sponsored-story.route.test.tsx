import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Client } from '../../../services/client';
import { getPublication, savePublication } from '../../../services/publication-admin';
import { paths } from '../../../lib/paths';
import { buildPublicationInput } from '../../../../tests/support/row-factories';
import { routeTestBackend, screenClient } from '../../../../tests/support/route-test-backend';
import { renderRoute } from '../testing/render-route';
import * as publicationFormRoute from './publication-form.route';

// Marking a story 'Conteúdo patrocinado' with the form, its route's loader and action, the services and the database
// together (docs/product.md §12): the sponsor is saved, shown again when the story is opened, and cleared by unticking.
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

function openEditor(id: string) {
  renderRoute(publicationFormRoute, { pattern: paths.admin.publicationEdit.pattern, path: paths.admin.publicationEdit(id) });
}

describe('a sponsored story in the publication form', () => {
  it('saves the sponsor, shows it when the story is opened again, and clears it when unticked', async () => {
    const story = await savePublication(admin, buildPublicationInput({ title: `Guia de reformas ${Date.now().toString(36)}`, topic_id: topicId }));
    const user = userEvent.setup();

    openEditor(story.id);
    await user.click(await screen.findByRole('checkbox', { name: 'Conteúdo patrocinado' }));
    await user.type(screen.getByRole('textbox', { name: /Patrocinador/ }), 'Casa & Obra Materiais');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(`outra página: ${paths.admin.publications()}`)).toBeInTheDocument();
    expect((await getPublication(admin, story.id))?.sponsor_name).toBe('Casa & Obra Materiais');
    cleanup();

    openEditor(story.id);
    const box = await screen.findByRole('checkbox', { name: 'Conteúdo patrocinado' });
    expect(box).toBeChecked();
    expect(screen.getByRole('textbox', { name: /Patrocinador/ })).toHaveValue('Casa & Obra Materiais');
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(`outra página: ${paths.admin.publications()}`)).toBeInTheDocument();
    expect((await getPublication(admin, story.id))?.sponsor_name).toBeNull();
    // The file's first render also loads the form's modules: on a busy 2-core machine that alone can take seconds.
  }, 60_000);
});
