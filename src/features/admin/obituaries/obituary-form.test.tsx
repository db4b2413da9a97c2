import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ObituaryInput } from '../../../services/obituary-admin';
import type { Obituary } from '../../../services/obituaries';
import { paths } from '../../../lib/paths';
import { formDraftKey } from '../shared/form-draft';
import { renderRoute } from '../testing/render-route';
import { ObituaryForm, emptyObituary, type ObituaryFormValues } from './obituary-form';
import * as obituaryFormRoute from './obituary-form.route';

// The route's services and its sign-in check: the save flow runs the real loader and action against these.
const services = vi.hoisted(() => ({
  getObituary: vi.fn<(client: unknown, id: string) => Promise<Obituary | null>>(),
  saveObituary: vi.fn<(client: unknown, input: ObituaryInput, id?: string) => Promise<unknown>>(),
}));
vi.mock('../../../services/obituary-admin', () => services);
vi.mock('../../../services/browser-client', () => ({ browserClient: () => ({}) }));
vi.mock('../auth/admin-access', () => ({ requireAdmin: () => Promise.resolve() }));

beforeEach(() => {
  services.saveObituary.mockReset();
  localStorage.clear();
});

const NEW_OBITUARY_DRAFT = formDraftKey('obituary', undefined);
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The form alone, its save a stub: what it hands over is what `save.submit` receives. */
function renderForm(props: Partial<Parameters<typeof ObituaryForm>[0]> = {}) {
  const save = { submit: vi.fn<(values: ObituaryFormValues) => void>(), pending: false, failure: null };
  const onCancel = vi.fn();
  const upload = vi.fn().mockResolvedValue('https://cdn.example/obituaries/p.jpg');
  const view = render(
    <ObituaryForm
      initialValues={emptyObituary(new Date('2026-11-03T10:00:00-03:00'))}
      save={save}
      onCancel={onCancel}
      upload={upload}
      draftKey={NEW_OBITUARY_DRAFT}
      storage={localStorage}
      {...props}
    />,
  );
  return { onSubmit: save.submit, onCancel, upload, user: userEvent.setup(), unmount: view.unmount };
}

/** The new-obituary page as the app routes it: its loader, its action (which saves) and the redirect. */
async function renderNewObituaryPage() {
  renderRoute(obituaryFormRoute, { pattern: paths.admin.obituaryNew.pattern });
  await screen.findByRole('heading', { name: 'Novo Obituário' });
  return userEvent.setup();
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/nome completo/i), 'José da Silva');
  await user.type(screen.getByLabelText(/idade/i), '82');
  await user.type(screen.getByLabelText(/local do velório/i), 'Velório Municipal');
  await user.type(screen.getByLabelText(/horário do velório/i), '08h às 16h');
}

describe('ObituaryForm', () => {
  it('defaults the date of death to today and the box to unticked', () => {
    renderForm();
    expect(screen.getByLabelText(/data do falecimento/i)).toHaveValue('2026-11-03');
    expect(screen.getByRole('checkbox', { name: 'Publicar imediatamente' })).not.toBeChecked();
    expect(screen.getByText('PNG, JPG até 10MB')).toBeInTheDocument();
  });

  it("takes today from São Paulo's clock: at 22:30 there it is still that day, though UTC has moved on", () => {
    renderForm({ initialValues: emptyObituary(new Date('2026-11-04T01:30:00Z')) });
    expect(screen.getByLabelText(/data do falecimento/i)).toHaveValue('2026-11-03');
  });

  it('requires name, age, date, funeral place and time (docs/product.md §19.7), next to each field', async () => {
    const { onSubmit, user } = renderForm();
    await user.clear(screen.getByLabelText(/data do falecimento/i));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(screen.getByLabelText(/nome completo/i)).toHaveAccessibleDescription('Informe o nome completo');
    expect(screen.getByLabelText(/idade/i)).toHaveAccessibleDescription('Informe a idade');
    expect(screen.getByLabelText(/data do falecimento/i)).toHaveAccessibleDescription('Informe a data do falecimento');
    expect(screen.getByLabelText(/local do velório/i)).toHaveAccessibleDescription('Informe o local do velório');
    expect(screen.getByLabelText(/horário do velório/i)).toHaveAccessibleDescription('Informe o horário do velório');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("saves with 'Salvando...' and sends the age as an integer", async () => {
    let finish!: () => void;
    services.saveObituary.mockImplementation(() => new Promise((resolve) => (finish = () => resolve({}))));
    // Only the clock's date: the page's new obituary defaults to today (docs/product.md §2).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-03T10:00:00-03:00'));
    const user = await renderNewObituaryPage();
    await fillRequired(user);
    await user.click(screen.getByRole('checkbox', { name: 'Publicar imediatamente' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('button', { name: 'Salvando...' })).toBeDisabled();
    expect(services.saveObituary.mock.calls[0]?.[1]).toEqual({
      name: 'José da Silva',
      age: 82,
      death_date: '2026-11-03',
      biography: null,
      family: null,
      funeral_location: 'Velório Municipal',
      funeral_time: '08h às 16h',
      photo_url: null,
      published: true,
    });
    finish();
    expect(await screen.findByText(`outra página: ${paths.admin.obituaries()}`)).toBeInTheDocument();
  });

  it("shows 'Erro ao salvar obituário' on failure and keeps the form", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    services.saveObituary.mockRejectedValue(new Error('permission denied'));
    const user = await renderNewObituaryPage();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao salvar obituário');
    expect(screen.getByLabelText(/nome completo/i)).toHaveValue('José da Silva');
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeEnabled();
  });

  it('uploads the photo and sends its URL', async () => {
    const { onSubmit, upload, user } = renderForm();
    await user.upload(screen.getByLabelText('Foto'), new File(['jpg'], 'foto.jpg', { type: 'image/jpeg' }));
    expect(upload).toHaveBeenCalled();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ photoUrl: 'https://cdn.example/obituaries/p.jpg' }));
  });

  it('calls onCancel with Cancelar', async () => {
    const { onCancel, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onCancel).toHaveBeenCalled();
  });

  it('keeps what is typed as a draft, offers it back when the form opens again, and discards it on request', async () => {
    const first = renderForm();
    await first.user.type(screen.getByLabelText(/nome completo/i), 'Maria Aparecida');
    await first.user.type(screen.getByLabelText(/família/i), 'Deixa dois filhos');
    first.unmount();

    const again = renderForm();
    expect(screen.getByLabelText(/nome completo/i)).toHaveValue('Maria Aparecida');
    expect(screen.getByLabelText(/família/i)).toHaveValue('Deixa dois filhos');
    expect(screen.getByRole('status')).toHaveTextContent('Rascunho não salvo recuperado');
    await again.user.click(screen.getByRole('button', { name: 'Descartar rascunho' }));
    expect(screen.getByLabelText(/nome completo/i)).toHaveValue('');
    expect(localStorage.getItem(NEW_OBITUARY_DRAFT)).toBeNull();
  });

  it('ignores a stored draft that is not an obituary form', () => {
    localStorage.setItem(NEW_OBITUARY_DRAFT, JSON.stringify({ values: { name: 42 }, savedAt: '2026-11-20T10:00:00Z' }));
    renderForm();
    expect(screen.getByLabelText(/nome completo/i)).toHaveValue('');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('keeps the draft through a failed save and removes it once the obituary is saved', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    services.saveObituary.mockRejectedValueOnce(new Error('fetch failed')).mockResolvedValueOnce({});
    const user = await renderNewObituaryPage();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao salvar obituário');
    expect(screen.getByLabelText(/nome completo/i)).toHaveValue('José da Silva');
    expect(JSON.parse(localStorage.getItem(NEW_OBITUARY_DRAFT) ?? '{}')).toMatchObject({ values: { name: 'José da Silva' } });

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(`outra página: ${paths.admin.obituaries()}`)).toBeInTheDocument();
    expect(localStorage.getItem(NEW_OBITUARY_DRAFT)).toBeNull();
  });
});
