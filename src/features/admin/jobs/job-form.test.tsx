import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { JobInput } from '../../../services/job-admin';
import type { Job } from '../../../services/jobs';
import { paths } from '../../../lib/paths';
import { renderRoute } from '../testing/render-route';
import { EMPTY_JOB, JobForm, toJobInput, type JobFormValues } from './job-form';
import * as jobFormRoute from './job-form.route';

// The route's services and its sign-in check: the save flow runs the real loader and action against these.
const services = vi.hoisted(() => ({
  CONTRACT_TYPES: ['CLT', 'PJ', 'Estágio', 'Temporário', 'Freelancer'],
  getJob: vi.fn<(client: unknown, id: string) => Promise<Job | null>>(),
  saveJob: vi.fn<(client: unknown, input: JobInput, id?: string) => Promise<unknown>>(),
}));
vi.mock('../../../services/job-admin', () => services);
vi.mock('../../../services/browser-client', () => ({ browserClient: () => ({}) }));
vi.mock('../auth/admin-access', () => ({ requireAdmin: () => Promise.resolve() }));

beforeEach(() => {
  services.saveJob.mockReset();
});
afterEach(() => vi.restoreAllMocks());

/** The form alone, its save a stub: what it hands over is what `save.submit` receives. */
function renderForm(props: Partial<Parameters<typeof JobForm>[0]> = {}) {
  const save = { submit: vi.fn<(values: JobFormValues) => void>(), pending: false, failure: null };
  const onCancel = vi.fn();
  render(<JobForm initialValues={EMPTY_JOB} save={save} onCancel={onCancel} {...props} />);
  return { onSubmit: save.submit, onCancel, user: userEvent.setup() };
}

/** The new-job page as the app routes it: its loader, its action (which saves) and the redirect. */
async function renderNewJobPage() {
  renderRoute(jobFormRoute, { pattern: paths.admin.jobNew.pattern });
  await screen.findByRole('heading', { name: 'Nova Vaga' });
  return userEvent.setup();
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
    services.saveJob.mockImplementation(() => new Promise((resolve) => (finish = () => resolve({}))));
    const user = await renderNewJobPage();
    await fillRequired(user);
    await user.selectOptions(screen.getByRole('combobox', { name: /tipo de contrato/i }), 'Estágio');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('button', { name: 'Salvando...' })).toBeDisabled();
    expect(services.saveJob.mock.calls[0]?.[1]).toEqual({
      title: 'Auxiliar de produção',
      company: 'Cerâmica Porto',
      contract_type: 'Estágio',
      location: 'Porto Ferreira - SP',
      description: null,
      expires_at: null,
      published: false,
    });
    finish();
    expect(await screen.findByText(`outra página: ${paths.admin.jobs()}`)).toBeInTheDocument();
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
    services.saveJob.mockRejectedValue(new Error('x'));
    const user = await renderNewJobPage();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao salvar vaga');
    expect(screen.getByLabelText(/empresa/i)).toHaveValue('Cerâmica Porto');
  });
});
