import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EMPTY_JOB, JobForm, toJobInput, type JobFormValues } from './job-form';

afterEach(() => vi.restoreAllMocks());

function renderForm(props: Partial<Parameters<typeof JobForm>[0]> = {}) {
  const onSubmit = vi.fn<(values: JobFormValues) => Promise<void>>().mockResolvedValue(undefined);
  const onCancel = vi.fn();
  render(<JobForm initialValues={EMPTY_JOB} onSubmit={onSubmit} onCancel={onCancel} {...props} />);
  return { onSubmit, onCancel, user: userEvent.setup() };
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/título da vaga/i), 'Auxiliar de produção');
  await user.type(screen.getByLabelText(/empresa/i), 'Cerâmica Porto');
  await user.type(screen.getByLabelText(/^local/i), 'Porto Ferreira - SP');
}

describe('JobForm', () => {
  it('offers the five contract types with CLT by default', () => {
    renderForm();
    const select = screen.getByRole('combobox', { name: /tipo de contrato/i });
    expect(select).toHaveValue('CLT');
    expect(Array.from((select as HTMLSelectElement).options).map((o) => o.value)).toEqual(['CLT', 'PJ', 'Estágio', 'Temporário', 'Freelancer']);
    expect(screen.getByLabelText(/data de expiração/i)).toHaveValue('');
  });

  it('requires title, company and location, next to each field', async () => {
    const { onSubmit, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(screen.getByLabelText(/título da vaga/i)).toHaveAccessibleDescription('Informe o título da vaga');
    expect(screen.getByLabelText(/empresa/i)).toHaveAccessibleDescription('Informe a empresa');
    expect(screen.getByLabelText(/^local/i)).toHaveAccessibleDescription('Informe o local');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("saves with 'Salvando...' and sends an empty expiry as null", async () => {
    let finish!: () => void;
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { user } = renderForm({ onSubmit });
    await fillRequired(user);
    await user.selectOptions(screen.getByRole('combobox', { name: /tipo de contrato/i }), 'Estágio');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(screen.getByRole('button', { name: 'Salvando...' })).toBeDisabled();
    const values = (onSubmit.mock.calls[0] as unknown as [JobFormValues])[0];
    expect(toJobInput(values)).toEqual({
      title: 'Auxiliar de produção',
      company: 'Cerâmica Porto',
      contract_type: 'Estágio',
      location: 'Porto Ferreira - SP',
      description: null,
      expires_at: null,
      published: false,
    });
    finish();
  });

  it('sends a chosen expiry date', async () => {
    const { onSubmit, user } = renderForm();
    await fillRequired(user);
    await user.type(screen.getByLabelText(/data de expiração/i), '2026-12-31');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(toJobInput(onSubmit.mock.calls[0]![0]).expires_at).toBe('2026-12-31');
  });

  it("shows 'Erro ao salvar vaga' on failure and keeps the form", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderForm({ onSubmit: vi.fn().mockRejectedValue(new Error('x')) });
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao salvar vaga');
    expect(screen.getByLabelText(/empresa/i)).toHaveValue('Cerâmica Porto');
  });
});
