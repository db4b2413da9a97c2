import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminPublication, PublicationInput } from '../../../services/publication-admin';
import { paths } from '../../../lib/paths';
import { canonicalYoutubeUrl } from '../../../lib/youtube';
import { renderRoute } from '../testing/render-route';
import { PublicationForm } from './publication-form';
import * as publicationFormRoute from './publication-form.route';
import { draftKey, readDraft, writeDraft } from './publication-draft';
import { EMPTY_PUBLICATION, toPublicationInput, type PublicationFormValues } from './publication-values';

const topics = [
  { id: 'local', name: 'Porto Ferreira', slug: 'local', created_at: '2026-10-01T12:00:00Z' },
  { id: 'saude', name: 'Saúde', slug: 'saude', created_at: '2026-10-01T12:00:00Z' },
];
const KEY = draftKey(undefined);

// The route's services and its sign-in check: the save flow runs the real loader and action against these.
const services = vi.hoisted(() => ({
  getPublication: vi.fn<(client: unknown, id: string) => Promise<AdminPublication | null>>(),
  savePublication: vi.fn<(client: unknown, input: PublicationInput, id?: string) => Promise<unknown>>(),
  getLeadStory: () => Promise.resolve(null),
}));
vi.mock('../../../services/publication-admin', () => services);
vi.mock('../../../services/topic-admin', () => ({ listTopics: () => Promise.resolve(topics) }));
vi.mock('../../../services/browser-client', () => ({ browserClient: () => ({}) }));
vi.mock('../auth/admin-access', () => ({ requireAdmin: () => Promise.resolve() }));

beforeEach(() => {
  localStorage.clear();
  services.savePublication.mockReset();
});
afterEach(() => vi.restoreAllMocks());

/** The form alone, its save a stub: what it hands over is what `save.submit` receives. */
function renderForm(props: Partial<Parameters<typeof PublicationForm>[0]> = {}) {
  const save = { submit: vi.fn<(values: PublicationFormValues) => void>(), pending: false, failure: null };
  const onCancel = vi.fn();
  const upload = vi.fn().mockResolvedValue('https://cdn.example/publications/a.png');
  render(
    <PublicationForm
      initialValues={EMPTY_PUBLICATION}
      topics={topics}
      save={save}
      onCancel={onCancel}
      upload={upload}
      draftKey={KEY}
      storage={localStorage}
      {...props}
    />,
  );
  return { onSubmit: save.submit, onCancel, upload, user: userEvent.setup() };
}

/** The new-publication page as the app routes it: its loader, its action (which saves) and the redirect. */
async function renderNewPublicationPage() {
  renderRoute(publicationFormRoute, { pattern: paths.admin.publicationNew.pattern });
  await screen.findByRole('heading', { name: 'Nova Publicação' });
  return userEvent.setup();
}

describe('PublicationForm', () => {
  it('has the fields of docs/product.md §2, the editor toolbar and an unticked box', async () => {
    renderForm();
    expect(screen.getByRole('textbox', { name: /título/i })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Descrição' })).toHaveAttribute('rows', '3');
    expect(await screen.findByRole('textbox', { name: 'Conteúdo' }, { timeout: 10_000 })).toBeInTheDocument();
    const toolbar = screen.getByRole('toolbar', { name: 'Formatação do texto' });
    for (const name of ['Negrito', 'Itálico', 'Título de seção', 'Subtítulo de seção', 'Intertítulo', 'Lista com marcadores', 'Lista numerada', 'Citação', 'Link', 'Desfazer', 'Refazer']) {
      expect(toolbar).toContainElement(screen.getByRole('button', { name }));
    }
    expect(screen.getByLabelText('Imagem')).toHaveAttribute('type', 'file');
    expect(screen.getByText('PNG, JPG até 10MB')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'URL do vídeo no YouTube' })).toHaveAttribute('placeholder', 'https://www.youtube.com/watch?v=...');
    expect(screen.getByRole('combobox', { name: /tópico/i })).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: 'Publicar imediatamente' })).not.toBeChecked();
  });

  it('requires the title and the topic and validates the YouTube address, next to each field', async () => {
    const { onSubmit, user } = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'URL do vídeo no YouTube' }), 'https://vimeo.com/1');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(screen.getByRole('textbox', { name: /título/i })).toHaveAccessibleDescription('Informe o título');
    expect(screen.getByRole('combobox', { name: /tópico/i })).toHaveAccessibleDescription('Selecione um tópico');
    expect(screen.getByRole('textbox', { name: 'URL do vídeo no YouTube' })).toHaveAccessibleDescription(/link válido do YouTube/);
    await waitFor(() => expect(screen.getByRole('textbox', { name: /título/i })).toHaveFocus());
    expect(onSubmit).not.toHaveBeenCalled();
  });

  // The database's rule (src/lib/safe-urls.ts): a look-alike is refused here with the field's message, as typed.
  it.each([
    'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'https://evil.example/?next=https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://evil.example@youtube.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com:8443/watch?v=dQw4w9WgXcQ',
  ])('refuses the YouTube look-alike %s and keeps it as typed', async (lookAlike) => {
    const { onSubmit, user } = renderForm({ initialValues: { ...EMPTY_PUBLICATION, title: 'Vídeo', topicId: 'local' } });
    const field = screen.getByRole('textbox', { name: 'URL do vídeo no YouTube' });
    await user.type(field, lookAlike);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(field).toHaveAccessibleDescription(/link válido do YouTube/);
    expect(field).toHaveValue(lookAlike);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a stored image address that could break out of an attribute, with a message next to the image', async () => {
    const { onSubmit, user } = renderForm({
      initialValues: { ...EMPTY_PUBLICATION, title: 'Foto', topicId: 'local', imageUrl: 'https://x.example/a.png"onerror="alert(1)' },
    });
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Endereço de imagem inválido. Remova a imagem e envie o arquivo novamente.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("saves the values, with 'Salvando...' and the button disabled meanwhile, then opens the list", async () => {
    let finish!: () => void;
    services.savePublication.mockImplementation(() => new Promise((resolve) => (finish = () => resolve({}))));
    const user = await renderNewPublicationPage();
    await user.type(screen.getByRole('textbox', { name: /título/i }), 'Festa da cerâmica');
    await user.selectOptions(screen.getByRole('combobox', { name: /tópico/i }), 'local');
    await user.type(screen.getByRole('textbox', { name: 'URL do vídeo no YouTube' }), 'https://youtu.be/dQw4w9WgXcQ');
    await user.click(screen.getByRole('checkbox', { name: 'Publicar imediatamente' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('button', { name: 'Salvando...' })).toBeDisabled();
    expect(services.savePublication).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({
        title: 'Festa da cerâmica',
        topic_id: 'local',
        youtube_url: canonicalYoutubeUrl('https://youtu.be/dQw4w9WgXcQ'),
        published: true,
      }),
      undefined,
    );
    finish();
    expect(await screen.findByText(`outra página: ${paths.admin.publications()}`)).toBeInTheDocument();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it("shows 'Erro ao salvar publicação' on failure and keeps everything typed", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    services.savePublication.mockRejectedValue(new Error('User not authenticated'));
    const user = await renderNewPublicationPage();
    await user.type(screen.getByRole('textbox', { name: /título/i }), 'Obras na Avenida');
    await user.type(screen.getByRole('textbox', { name: 'Descrição' }), 'Trânsito desviado');
    await user.selectOptions(screen.getByRole('combobox', { name: /tópico/i }), 'saude');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao salvar publicação');
    expect(screen.getByRole('textbox', { name: /título/i })).toHaveValue('Obras na Avenida');
    expect(screen.getByRole('textbox', { name: 'Descrição' })).toHaveValue('Trânsito desviado');
    expect(screen.getByRole('combobox', { name: /tópico/i })).toHaveValue('saude');
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeEnabled();
    expect(readDraft(localStorage, KEY)?.values.title).toBe('Obras na Avenida');
  });

  it('autosaves a local draft and restores it, with a way to discard it', async () => {
    const first = renderForm();
    await first.user.type(screen.getByRole('textbox', { name: /título/i }), 'Rascunho importante');
    expect(readDraft(localStorage, KEY)?.values.title).toBe('Rascunho importante');

    document.body.innerHTML = '';
    const second = renderForm();
    expect(screen.getByRole('textbox', { name: /título/i })).toHaveValue('Rascunho importante');
    expect(screen.getByRole('status')).toHaveTextContent('Rascunho não salvo recuperado');
    await second.user.click(screen.getByRole('button', { name: 'Descartar rascunho' }));
    expect(screen.getByRole('textbox', { name: /título/i })).toHaveValue('');
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('ignores a draft that equals what is stored', () => {
    writeDraft(localStorage, KEY, EMPTY_PUBLICATION);
    renderForm();
    expect(screen.queryByText(/Rascunho não salvo/)).not.toBeInTheDocument();
  });

  it('uploads the chosen image, shows its preview and lets it be removed', async () => {
    const { upload, onSubmit, user } = renderForm();
    const file = new File(['png'], 'foto.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Imagem'), file);
    expect(upload).toHaveBeenCalledWith(file, expect.any(Function));
    expect(await screen.findByRole('img', { name: 'Pré-visualização da imagem' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /título/i }), 'Com foto');
    await user.type(screen.getByRole('textbox', { name: /Texto alternativo da imagem/ }), 'Foto de teste');
    await user.selectOptions(screen.getByRole('combobox', { name: /tópico/i }), 'local');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(onSubmit).toHaveBeenLastCalledWith(expect.objectContaining({ imageUrl: 'https://cdn.example/publications/a.png', imageAlt: 'Foto de teste' }));
    await user.click(screen.getByRole('button', { name: 'Remover imagem' }));
    expect(screen.queryByRole('img', { name: 'Pré-visualização da imagem' })).not.toBeInTheDocument();
  });

  it('calls onCancel', async () => {
    const { onCancel, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onCancel).toHaveBeenCalled();
  });

  it('passes the typed rich text on', async () => {
    const { onSubmit, user } = renderForm();
    const editor = await screen.findByRole('textbox', { name: 'Conteúdo' }, { timeout: 10_000 });
    // ProseMirror reads DOM mutations; in jsdom, typing is simulated by editing the paragraph and firing input.
    editor.querySelector('p')!.textContent = 'Corpo da matéria';
    fireEvent.input(editor);
    await user.type(screen.getByRole('textbox', { name: /título/i }), 'T');
    await user.selectOptions(screen.getByRole('combobox', { name: /tópico/i }), 'local');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ content: '<p>Corpo da matéria</p>' })));
  });
});

describe('toPublicationInput', () => {
  it('sanitises the content before it is saved and sends empty optional fields as null', () => {
    const input = toPublicationInput({
      ...EMPTY_PUBLICATION,
      title: '  Título  ',
      content: '<p onclick="x()">Oi<script>alert(1)</script> <a href="javascript:alert(1)">l</a></p>',
      topicId: 'local',
    });
    expect(input).toEqual({
      title: 'Título',
      description: '',
      content: '<p>Oi <a target="_blank" rel="noopener noreferrer nofollow">l</a></p>',
      image_url: null,
      image_alt: null,
      image_credit: null,
      youtube_url: null,
      topic_id: 'local',
      published: false,
      publish_at: null,
      is_lead: false,
      signed: false,
      sponsor_name: null,
      send_for_review: false,
      revision: null,
    });
  });
});

describe("PublicationForm for a reporter (decision 0037)", () => {
  const draft: PublicationFormValues = { ...EMPTY_PUBLICATION, title: 'Buraco na rua', topicId: 'local' };

  it("offers no publishing, schedule, lead or sponsor fields, and 'Enviar para revisão' sends the draft for review", async () => {
    const { onSubmit, user } = renderForm({ initialValues: draft, mayPublish: false });
    expect(screen.queryByRole('checkbox', { name: 'Publicar imediatamente' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Agendar publicação' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Manchete da página inicial' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Conteúdo patrocinado' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Assinar com meu nome' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Enviar para revisão' }));
    expect(onSubmit).toHaveBeenLastCalledWith(expect.objectContaining({ title: 'Buraco na rua', published: false, sendForReview: true }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(onSubmit).toHaveBeenLastCalledWith(expect.objectContaining({ published: false, sendForReview: false }));
  });

  it("never sends a reporter's save as published, even from a draft restored as one", async () => {
    const { onSubmit, user } = renderForm({ initialValues: { ...draft, published: true, isLead: true, sponsored: true, sponsorName: 'Loja' }, mayPublish: false });
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(onSubmit).toHaveBeenLastCalledWith(expect.objectContaining({ published: false, scheduled: false, isLead: false, sponsored: false }));
  });

  it("shows 'Em revisão' while in the queue, and 'Devolvida' with the editor's note", () => {
    renderForm({ initialValues: draft, mayPublish: false, review: { requestedAt: '2026-11-27T13:00:00Z', note: null } });
    expect(screen.getByRole('status')).toHaveTextContent('Em revisão');
    expect(screen.getByRole('status')).toHaveTextContent('Enviada em 27/11/2026');
  });

  it("shows a returned story's note", () => {
    renderForm({ initialValues: draft, mayPublish: false, review: { requestedAt: null, note: 'Falta ouvir a prefeitura.' } });
    expect(screen.getByRole('status')).toHaveTextContent('Devolvida');
    expect(screen.getByRole('status')).toHaveTextContent('Falta ouvir a prefeitura.');
  });

  it('turns the flag into the service input', () => {
    expect(toPublicationInput({ ...draft, sendForReview: true }).send_for_review).toBe(true);
  });
});
