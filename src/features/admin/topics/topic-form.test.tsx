import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ServiceError } from '../../../services/errors';
import type { TopicWithDate } from '../../../services/topics';
import { TopicForm } from './topic-form';

const politics: TopicWithDate = { id: 't1', name: 'Política', slug: 'politica', created_at: '2026-10-01T12:00:00Z' };

afterEach(() => vi.restoreAllMocks());

function renderForm(props: Partial<Parameters<typeof TopicForm>[0]> = {}) {
  const onSubmit = vi.fn<(name: string) => Promise<void>>().mockResolvedValue(undefined);
  const onCancel = vi.fn();
  render(<TopicForm editing={null} onSubmit={onSubmit} onCancel={onCancel} {...props} />);
  return { onSubmit, onCancel, user: userEvent.setup() };
}

describe('TopicForm', () => {
  it("creates with 'Adicionar' and shows the slug live (SPEC §5)", async () => {
    const { onSubmit, user } = renderForm();
    const input = screen.getByPlaceholderText('Nome do tópico');
    expect(screen.queryByRole('button', { name: 'Cancelar' })).not.toBeInTheDocument();
    await user.type(input, '  Saúde & Bem-Estar!! ');
    expect(screen.getByText('saude-bem-estar')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(onSubmit).toHaveBeenCalledWith('  Saúde & Bem-Estar!! ');
    expect(input).toHaveValue('');
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
    expect(onSubmit).toHaveBeenCalledWith('Política Local');
  });

  it('keeps a navigation topic\'s slug while its name changes, and says why', async () => {
    const local: TopicWithDate = { id: 't0', name: 'Porto Ferreira', slug: 'local', created_at: '2026-10-01T11:00:00Z' };
    const { onSubmit, user } = renderForm({ editing: local });
    const input = screen.getByRole('textbox', { name: 'Nome do tópico' });
    expect(input).toHaveAccessibleDescription('Slug: local (fixo: usado na navegação do site)');
    await user.type(input, ' e Região');
    expect(input).toHaveAccessibleDescription('Slug: local (fixo: usado na navegação do site)');
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(onSubmit).toHaveBeenCalledWith('Porto Ferreira e Região');
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
    const refused = new ServiceError('topic slug "local" is reserved: the site links to it', { code: 'PF004' });
    const { user } = renderForm({ editing: politics, onSubmit: vi.fn().mockRejectedValue(refused) });
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'O slug deste tópico é usado na navegação do site e não pode ser alterado.',
    );
  });

  it('says clearly when the slug already exists (23505), in the red box, keeping the name', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const duplicate = new ServiceError('duplicate key value violates unique constraint "topics_slug_key"', { code: '23505' });
    const { user } = renderForm({ onSubmit: vi.fn().mockRejectedValue(duplicate) });
    const input = screen.getByPlaceholderText('Nome do tópico');
    await user.type(input, 'Esportes');
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Já existe um tópico com o slug "esportes". Escolha outro nome.');
    expect(input).toHaveValue('Esportes');
  });

  it('reports other failures in the red box', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderForm({ onSubmit: vi.fn().mockRejectedValue(new ServiceError('boom', { code: '42501' })) });
    await user.type(screen.getByPlaceholderText('Nome do tópico'), 'Cultura');
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao salvar tópico');
  });
});
