import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ServiceError } from '../../../services/errors';
import type { TopicInput, TopicWithDate } from '../../../services/topic-admin';
import type { Topic } from '../../../services/topics';
import { paths } from '../../../lib/paths';
import { renderRoute } from '../testing/render-route';
import { TopicForm, type TopicFormValues } from './topic-form';
import * as topicsRoute from './topics.route';

const politics: TopicWithDate = { id: 't1', name: 'Política', slug: 'politica', created_at: '2026-10-01T12:00:00Z' };

// The topics route's services and its sign-in check: saves run the real action, which explains the refusals.
const services = vi.hoisted(() => ({
  listTopics: vi.fn<() => Promise<TopicWithDate[]>>(),
  createTopic: vi.fn<(client: unknown, input: TopicInput) => Promise<void>>(),
  updateTopic: vi.fn<(client: unknown, topic: Topic, input: TopicInput) => Promise<void>>(),
}));
vi.mock('../../../services/topic-admin', async (importOriginal) => ({ ...(await importOriginal<object>()), ...services }));
vi.mock('../../../services/browser-client', () => ({ browserClient: () => ({}) }));
vi.mock('../auth/admin-access', () => ({ requireAdmin: () => Promise.resolve() }));

beforeEach(() => {
  services.listTopics.mockResolvedValue([politics]);
  services.createTopic.mockReset().mockResolvedValue(undefined);
  services.updateTopic.mockReset().mockResolvedValue(undefined);
});
afterEach(() => vi.restoreAllMocks());

/** The form alone, its save a stub: what it hands over is what `save.submit` receives. */
function renderForm(props: Partial<Parameters<typeof TopicForm>[0]> = {}) {
  const save = { submit: vi.fn<(values: TopicFormValues) => void>(), pending: false, failure: null };
  const onCancel = vi.fn();
  render(<TopicForm editing={null} save={save} onCancel={onCancel} {...props} />);
  return { onSubmit: save.submit, onCancel, user: userEvent.setup() };
}

/** The topics page as the app routes it: the form saves through the route's action. */
async function renderTopicsPage() {
  renderRoute(topicsRoute, { pattern: paths.admin.topics.pattern });
  await screen.findByRole('row', { name: /Política/ });
  return userEvent.setup();
}

describe('TopicForm', () => {
  it("creates with 'Adicionar' and shows the slug live (docs/product.md §19.7), then empties the field", async () => {
    const user = await renderTopicsPage();
    const input = screen.getByPlaceholderText('Nome do tópico');
    expect(screen.queryByRole('button', { name: 'Cancelar' })).not.toBeInTheDocument();
    await user.type(input, '  Saúde & Bem-Estar!! ');
    expect(screen.getByText('saude-bem-estar')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(services.createTopic).toHaveBeenCalledWith(expect.anything(), { name: '  Saúde & Bem-Estar!! ' });
    await expect.poll(() => screen.getByPlaceholderText('Nome do tópico')).toHaveValue('');
  });

  it('requires a name', async () => {
    const { onSubmit, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(screen.getByRole('textbox', { name: 'Nome do tópico' })).toHaveAccessibleDescription('Informe o nome do tópico');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("edits with 'Atualizar' and offers 'Cancelar'", async () => {
    const { onSubmit, onCancel, user } = renderForm({ editing: politics });
    const input = screen.getByRole('textbox', { name: 'Nome do tópico' });
    expect(input).toHaveValue('Política');
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onCancel).toHaveBeenCalled();
    await user.clear(input);
    await user.type(input, 'Política Local');
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Política Local' });
  });

  it('keeps a navigation topic\'s slug while its name changes, and says why', async () => {
    const local: TopicWithDate = { id: 't0', name: 'Porto Ferreira', slug: 'local', created_at: '2026-10-01T11:00:00Z' };
    const { onSubmit, user } = renderForm({ editing: local });
    const input = screen.getByRole('textbox', { name: 'Nome do tópico' });
    expect(input).toHaveAccessibleDescription('Slug: local (fixo: usado na navegação do site)');
    await user.type(input, ' e Região');
    expect(input).toHaveAccessibleDescription('Slug: local (fixo: usado na navegação do site)');
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Porto Ferreira e Região' });
  });

  it('keeps the slug while the name spells the same, and shows the new slug of a renamed topic', async () => {
    const custom: TopicWithDate = { id: 't2', name: 'Agronegócio', slug: 'agro', created_at: '2026-10-01T12:00:00Z' };
    const { user } = renderForm({ editing: custom });
    const input = screen.getByRole('textbox', { name: 'Nome do tópico' });
    expect(input).toHaveAccessibleDescription('Slug: agro');
    await user.clear(input);
    await user.type(input, 'AGRONEGOCIO');
    expect(input).toHaveAccessibleDescription('Slug: agro');
    await user.type(input, ' e Pecuária');
    expect(input).toHaveAccessibleDescription(
      'Slug: agronegocio-e-pecuaria (o endereço antigo (agro) continuará levando a este tópico)',
    );
  });

  it('explains a refused change of a navigation slug (PF004)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    services.updateTopic.mockRejectedValue(new ServiceError('topic slug "local" is reserved: the site links to it', { code: 'PF004' }));
    const user = await renderTopicsPage();
    await user.click(screen.getByRole('button', { name: 'Editar: Política' }));
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'O slug deste tópico é usado na navegação do site e não pode ser alterado.',
    );
  });

  it('says clearly when the slug already exists (23505), in the red box, keeping the name', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    services.createTopic.mockRejectedValue(new ServiceError('duplicate key value violates unique constraint "topics_slug_key"', { code: '23505' }));
    const user = await renderTopicsPage();
    const input = screen.getByPlaceholderText('Nome do tópico');
    await user.type(input, 'Esportes');
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Já existe um tópico com o slug "esportes". Escolha outro nome.');
    expect(input).toHaveValue('Esportes');
    // A taken slug is an answer to what was typed, not a fault.
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('reports other failures in the red box', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    services.createTopic.mockRejectedValue(new ServiceError('boom', { code: '42501' }));
    const user = await renderTopicsPage();
    await user.type(screen.getByPlaceholderText('Nome do tópico'), 'Cultura');
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao salvar tópico');
  });
});
