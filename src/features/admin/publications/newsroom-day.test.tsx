import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminPublication, LeadChange, PublicationInput } from '../../../services/publication-admin';
import { ServiceError } from '../../../services/errors';
import { paths } from '../../../lib/paths';
import { buildAdminPublicationSummary } from '../../../../tests/support/row-factories';
import { renderRoute } from '../testing/render-route';
import { PublicationForm } from './publication-form';
import * as publicationFormRoute from './publication-form.route';
import * as publicationListRoute from './publication-list.route';
import { EMPTY_PUBLICATION, toPublicationInput, valuesFromPublication, type PublicationFormValues } from './publication-values';

// Scheduling and the lead story in the newsroom's screens (docs/decisions/0014); a new lead replacing the current one,
// against the database: lead-story.route.test.tsx; the preview: src/app/publication-preview.route.test.tsx.

const topics = [{ id: 'local', name: 'Porto Ferreira', slug: 'local', created_at: '2026-10-01T12:00:00Z' }];
/** The form's clock: 23/11/2026 14:00 in São Paulo. */
const NOW = new Date('2026-11-23T17:00:00.000Z');

const services = vi.hoisted(() => ({
  getPublication: vi.fn(),
  savePublication: vi.fn<(client: unknown, input: PublicationInput, id?: string) => Promise<unknown>>(),
  listPublicationsPage: vi.fn<(client: unknown, query: { status: string }) => Promise<unknown>>(),
  setPublicationPublished: vi.fn(),
  setLeadStory: vi.fn<(client: unknown, id: string, on: boolean) => Promise<LeadChange>>(),
  deletePublication: vi.fn(),
  getLeadStory: vi.fn(),
}));
vi.mock('../../../services/publication-admin', () => services);
vi.mock('../../../services/topic-admin', () => ({ listTopics: () => Promise.resolve(topics) }));
vi.mock('../../../services/browser-client', () => ({ browserClient: () => ({}) }));
vi.mock('../auth/admin-access', () => ({ requireAdmin: () => Promise.resolve() }));
// The list's audience column (issue 38) has its own tests (publication-list.route.test.tsx): no figures here.
vi.mock('../../../services/audience', () => ({ storyListAudience: () => Promise.resolve(new Map()), storyAudience: () => new Promise(() => undefined) }));

beforeEach(() => {
  localStorage.clear();
  for (const service of Object.values(services)) service.mockReset();
  services.getLeadStory.mockResolvedValue(null);
});
afterEach(() => vi.restoreAllMocks());

function renderForm(initialValues: PublicationFormValues = EMPTY_PUBLICATION) {
  const save = { submit: vi.fn<(values: PublicationFormValues) => void>(), pending: false, failure: null };
  render(
    <PublicationForm
      initialValues={initialValues}
      topics={topics}
      save={save}
      onCancel={vi.fn()}
      upload={vi.fn()}
      draftKey="test-draft"
      storage={localStorage}
      now={() => NOW}
    />,
  );
  return { onSubmit: save.submit, user: userEvent.setup() };
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: /título/i }), 'Festival de inverno');
  await user.selectOptions(screen.getByRole('combobox', { name: /tópico/i }), 'local');
}

describe('scheduling in the form', () => {
  it('schedules in São Paulo time, whatever the browser zone, and saves the instant', async () => {
    const { onSubmit, user } = renderForm();
    await fillRequired(user);
    await user.click(screen.getByRole('checkbox', { name: 'Agendar publicação' }));
    const when = screen.getByLabelText(/Data e hora da publicação \(horário de São Paulo\)/);
    await user.type(when, '2026-11-25T08:00');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const values = onSubmit.mock.calls[0]![0];
    expect(values).toMatchObject({ scheduled: true, published: false, scheduleAt: '2026-11-25T08:00' });
    expect(toPublicationInput(values)).toMatchObject({ published: true, publish_at: '2026-11-25T11:00:00.000Z', is_lead: false });
  });

  it('refuses a past time with a pt-BR message and keeps what was typed', async () => {
    const { onSubmit, user } = renderForm();
    await fillRequired(user);
    await user.click(screen.getByRole('checkbox', { name: 'Agendar publicação' }));
    const when = screen.getByLabelText(/Data e hora da publicação/);
    await user.type(when, '2026-11-23T13:59');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(await screen.findByText('Escolha uma data e hora no futuro (horário de São Paulo)')).toBeInTheDocument();
    expect(when).toHaveValue('2026-11-23T13:59');
    expect(screen.getByRole('textbox', { name: /título/i })).toHaveValue('Festival de inverno');
  });

  it("makes 'Publicar imediatamente' and 'Agendar publicação' exclusive, and refuses a lead story that is not published", async () => {
    const { onSubmit, user } = renderForm();
    await fillRequired(user);
    await user.click(screen.getByRole('checkbox', { name: 'Publicar imediatamente' }));
    await user.click(screen.getByRole('checkbox', { name: 'Agendar publicação' }));
    expect(screen.getByRole('checkbox', { name: 'Publicar imediatamente' })).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Agendar publicação' }));
    await user.click(screen.getByRole('checkbox', { name: 'Manchete da página inicial' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Só uma publicação publicada pode ser a manchete');
  });

  it('shows a scheduled story with its São Paulo time when it is edited', () => {
    const row = {
      id: 'p1', title: 'T', description: null, content: null, image_url: null, youtube_url: null, topic_id: 'local',
      published: true, published_at: '2026-11-25T11:00:00+00:00', is_lead: false, signed: true, byline: 'Ana',
    } as unknown as AdminPublication;
    expect(valuesFromPublication(row, NOW)).toMatchObject({ published: false, scheduled: true, scheduleAt: '2026-11-25T08:00', signed: true });
  });
});

describe('the lead story refused by the database', () => {
  it('says why in pt-BR and keeps the form as typed', async () => {
    services.savePublication.mockRejectedValue(new ServiceError('lead story not visible', { code: 'lead_not_visible' }));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoute(publicationFormRoute, { pattern: paths.admin.publicationNew.pattern });
    await screen.findByRole('heading', { name: 'Nova Publicação' });
    const user = userEvent.setup();
    await fillRequired(user);
    await user.click(screen.getByRole('checkbox', { name: 'Publicar imediatamente' }));
    await user.click(screen.getByRole('checkbox', { name: 'Manchete da página inicial' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Só uma publicação já publicada (não agendada nem rascunho) pode ser a manchete.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /título/i })).toHaveValue('Festival de inverno');
  });
});

describe('the publication list', () => {
  it("shows 'Agendada para …' with its São Paulo time, 'Manchete', the preview link, and filters by 'Agendadas'", async () => {
    const rows = [
      buildAdminPublicationSummary({ id: 'p1', title: 'Agendada', published_at: '2099-11-25T11:00:00Z' }),
      buildAdminPublicationSummary({ id: 'p2', title: 'Principal', is_lead: true }),
      buildAdminPublicationSummary({ id: 'p3', title: 'Rascunho', published: false, published_at: null }),
    ];
    services.listPublicationsPage.mockResolvedValue({ rows, pageSize: 25, total: 3, hasMore: false });
    renderRoute(publicationListRoute, { pattern: paths.admin.publications.pattern });
    const scheduled = await screen.findByRole('row', { name: /Agendada/ });
    expect(within(scheduled).getAllByText('Agendada para 25/11/2099 08:00')).not.toHaveLength(0);
    expect(within(scheduled).getByRole('link', { name: 'Pré-visualizar: Agendada' })).toHaveAttribute('href', '/admin/publications/p1/preview');
    // A scheduled story cannot lead yet: no switch.
    expect(within(scheduled).queryByRole('button', { name: /manchete/i })).not.toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Principal/ })).getAllByText('Manchete')).not.toHaveLength(0);
    expect(within(screen.getByRole('row', { name: /Rascunho/ })).getByRole('link', { name: 'Pré-visualizar: Rascunho' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'scheduled');
    await user.click(screen.getByRole('button', { name: /buscar/i }));
    await vi.waitFor(() => expect(services.listPublicationsPage).toHaveBeenLastCalledWith(expect.anything(), expect.objectContaining({ status: 'scheduled' })));
  });

  it('marks the lead story from the list and words a refusal in pt-BR', async () => {
    services.listPublicationsPage.mockResolvedValue({ rows: [buildAdminPublicationSummary()], pageSize: 25, total: 1, hasMore: false });
    services.setLeadStory.mockRejectedValue(new ServiceError('lead story not visible', { code: 'lead_not_visible' }));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoute(publicationListRoute, { pattern: paths.admin.publications.pattern });
    const row = await screen.findByRole('row', { name: /Festa da cerâmica/ });
    await userEvent.setup().click(within(row).getByRole('button', { name: 'Tornar manchete: Festa da cerâmica' }));
    expect(services.setLeadStory).toHaveBeenCalledWith(expect.anything(), 'p1', true);
    expect(await screen.findByText('Só uma publicação já publicada (não agendada nem rascunho) pode ser a manchete.')).toBeInTheDocument();
  });
});
