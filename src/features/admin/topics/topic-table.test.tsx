import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TopicTable } from './topic-table';

describe('TopicTable', () => {
  it('lists Nome, Slug, Data de Criação in pt-BR and the row actions', async () => {
    const topic = { id: 't1', name: 'Política', slug: 'politica', created_at: '2026-10-03T15:00:00Z' };
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    render(<TopicTable topics={[topic]} onEdit={onEdit} onDelete={onDelete} />);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Nome', 'Slug', 'Data de Criação', 'Ações']);
    const row = screen.getByRole('row', { name: /Política/ });
    expect(within(row).getByText('03/10/2026')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Editar: Política' }));
    await userEvent.click(within(row).getByRole('button', { name: 'Excluir: Política' }));
    expect(onEdit).toHaveBeenCalledWith(topic);
    expect(onDelete).toHaveBeenCalledWith(topic);
  });
});
