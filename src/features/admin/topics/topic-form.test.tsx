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
