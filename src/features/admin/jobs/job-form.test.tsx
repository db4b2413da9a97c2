import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { JobInput } from '../../../services/job-admin';
import type { Job } from '../../../services/jobs';
import { paths } from '../../../lib/paths';
import { formDraftKey } from '../shared/form-draft';
import { renderRoute } from '../testing/render-route';
import { EMPTY_JOB, HOW_TO_APPLY_MAX, JobForm, toJobInput, valuesFromJob, type JobFormValues } from './job-form';
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
  localStorage.clear();
});

const NEW_JOB_DRAFT = formDraftKey('job', undefined);
afterEach(() => vi.restoreAllMocks());

/** The form alone, its save a stub: what it hands over is what `save.submit` receives. */
function renderForm(props: Partial<Parameters<typeof JobForm>[0]> = {}) {
  const save = { submit: vi.fn<(values: JobFormValues) => void>(), pending: false, failure: null };
  const onCancel = vi.fn();
  const view = render(<JobForm initialValues={EMPTY_JOB} save={save} onCancel={onCancel} draftKey={NEW_JOB_DRAFT} storage={localStorage} {...props} />);
  return { onSubmit: save.submit, onCancel, user: userEvent.setup(), unmount: view.unmount };
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
      how_to_apply: null,
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

  it("offers an optional 'Como se candidatar' and sends what was typed, trimmed, line breaks kept", async () => {
    const { onSubmit, user } = renderForm();
    const howToApply = screen.getByRole('textbox', { name: 'Como se candidatar' });
    expect(howToApply.tagName).toBe('TEXTAREA');
    expect(howToApply).toHaveAttribute('placeholder', 'E-mail, telefone ou link para enviar o currículo');
    expect(howToApply).not.toHaveAttribute('aria-required');
    await fillRequired(user);
    await user.type(howToApply, '  Currículos para rh@ceramica.com.br{Enter}ou (19) 3589-0000  ');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(toJobInput(onSubmit.mock.calls[0]![0]).how_to_apply).toBe('Currículos para rh@ceramica.com.br\nou (19) 3589-0000');
  });

  it('refuses more than 1000 characters of how to apply next to the field, keeping the text', async () => {
    const { onSubmit, user } = renderForm();
    await fillRequired(user);
    const howToApply = screen.getByRole('textbox', { name: 'Como se candidatar' });
    const tooLong = 'a'.repeat(HOW_TO_APPLY_MAX + 1);
    // Pasted (typing 1001 keys is slow): a paste is also how a long text arrives.
    await user.click(howToApply);
    await user.paste(tooLong);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(howToApply).toHaveAccessibleDescription('As instruções de candidatura devem ter no máximo 1000 caracteres');
    expect(howToApply).toHaveAttribute('aria-invalid', 'true');
    expect(howToApply).toHaveFocus();
    expect(howToApply).toHaveValue(tooLong);

    // Exactly the limit (spaces around it do not count) saves; the message goes as the field is edited.
    await user.clear(howToApply);
    await user.paste(` ${'a'.repeat(HOW_TO_APPLY_MAX)} `);
    expect(howToApply).not.toHaveAccessibleDescription('As instruções de candidatura devem ter no máximo 1000 caracteres');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(toJobInput(onSubmit.mock.calls[0]![0]).how_to_apply).toBe('a'.repeat(HOW_TO_APPLY_MAX));
  });

  it('edits a job with its how to apply, and an empty one is sent as null', () => {
    const job: Job = {
      id: '00000000-0000-4000-8000-000000000001',
      title: 'Vaga',
      company: 'Empresa',
      contract_type: 'PJ',
      description: null,
      how_to_apply: 'rh@empresa.com.br',
      location: 'Centro',
      published: true,
      expires_at: null,
      created_at: '2026-11-20T10:00:00-03:00',
    };
    expect(valuesFromJob(job).howToApply).toBe('rh@empresa.com.br');
    expect(valuesFromJob({ ...job, how_to_apply: null }).howToApply).toBe('');
    expect(toJobInput({ ...valuesFromJob(job), howToApply: '   ' }).how_to_apply).toBeNull();
  });

  it("shows 'Erro ao salvar vaga' on failure and keeps the form", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    services.saveJob.mockRejectedValue(new Error('x'));
    const user = await renderNewJobPage();
    await fillRequired(user);
    await user.type(screen.getByRole('textbox', { name: 'Como se candidatar' }), 'rh@ceramica.com.br');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao salvar vaga');
    expect(screen.getByLabelText(/empresa/i)).toHaveValue('Cerâmica Porto');
    expect(screen.getByRole('textbox', { name: 'Como se candidatar' })).toHaveValue('rh@ceramica.com.br');
  });

  it('keeps what is typed as a draft of this job, offers it back when the form opens again, and discards it on request', async () => {
    const first = renderForm();
    await first.user.type(screen.getByLabelText(/título da vaga/i), 'Soldador');
    first.unmount();

    // Another job's form has its own draft: nothing of this one shows there.
    const other = renderForm({ draftKey: formDraftKey('job', '00000000-0000-4000-8000-000000000001') });
    expect(screen.getByLabelText(/título da vaga/i)).toHaveValue('');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    other.unmount();

    const again = renderForm();
    expect(screen.getByLabelText(/título da vaga/i)).toHaveValue('Soldador');
    expect(screen.getByRole('status')).toHaveTextContent('Rascunho não salvo recuperado');
    await again.user.click(screen.getByRole('button', { name: 'Descartar rascunho' }));
    expect(screen.getByLabelText(/título da vaga/i)).toHaveValue('');
    expect(localStorage.getItem(NEW_JOB_DRAFT)).toBeNull();
  });

  it('keeps the draft through a failed save and removes it once the job is saved', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    services.saveJob.mockRejectedValueOnce(new Error('fetch failed')).mockResolvedValueOnce({});
    const user = await renderNewJobPage();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao salvar vaga');
    expect(JSON.parse(localStorage.getItem(NEW_JOB_DRAFT) ?? '{}')).toMatchObject({ values: { title: 'Auxiliar de produção' } });

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(`outra página: ${paths.admin.jobs()}`)).toBeInTheDocument();
    expect(localStorage.getItem(NEW_JOB_DRAFT)).toBeNull();
  });
});
