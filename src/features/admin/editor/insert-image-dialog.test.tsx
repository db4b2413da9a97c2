import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StorageError } from '../../../services/errors';
import type { UploadImage } from '../shared/image-upload-field';
import type { FigureImageAttributes } from './figure-image';
import { InsertImageDialog, type MeasureImage } from './insert-image-dialog';

afterEach(() => vi.restoreAllMocks());

const SRC = 'http://localhost:3000/storage/v1/object/public/publications/0b7a/original-1600w.jpg';
const photo = () => new File(['jpeg'], 'praca.jpg', { type: 'image/jpeg' });
const measure: MeasureImage = () => Promise.resolve({ width: 1600, height: 900 });

function renderDialog(upload: UploadImage) {
  const onInsert = vi.fn<(attributes: FigureImageAttributes) => void>();
  const onClose = vi.fn();
  render(<InsertImageDialog open upload={upload} measure={measure} onInsert={onInsert} onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: 'Inserir imagem' });
  return { onInsert, onClose, dialog, user: userEvent.setup({ applyAccept: false }) };
}

describe('InsertImageDialog', () => {
  it('asks for a file, the required alternative text and an optional credit', () => {
    const { dialog } = renderDialog(vi.fn<UploadImage>());
    expect(within(dialog).getByLabelText(/Arquivo da imagem/)).toHaveAttribute('type', 'file');
    expect(within(dialog).getByRole('textbox', { name: /Texto alternativo/ })).toHaveAttribute('aria-required', 'true');
    expect(within(dialog).getByRole('textbox', { name: 'Crédito' })).not.toHaveAttribute('aria-required');
    expect(within(dialog).getByRole('button', { name: 'Inserir imagem' })).toBeEnabled();
  });

  it('refuses to insert without alternative text, keeping the file and the credit typed', async () => {
    const upload = vi.fn<UploadImage>().mockResolvedValue(SRC);
    const { dialog, onInsert, user } = renderDialog(upload);
    await user.upload(within(dialog).getByLabelText(/Arquivo da imagem/), photo());
    await user.type(within(dialog).getByRole('textbox', { name: 'Crédito' }), 'Ana Lima');
    await within(dialog).findByText('Imagem enviada.');
    await user.click(within(dialog).getByRole('button', { name: 'Inserir imagem' }));
    const alt = within(dialog).getByRole('textbox', { name: /Texto alternativo/ });
    expect(alt).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('Informe o texto alternativo: descreva a imagem para quem não pode vê-la.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Crédito' })).toHaveValue('Ana Lima');
    expect(onInsert).not.toHaveBeenCalled();

    await user.type(alt, '  Coreto da praça  ');
    // Typing clears the message, as in every form of the panel.
    expect(alt).not.toHaveAttribute('aria-invalid');
    await user.click(within(dialog).getByRole('button', { name: 'Inserir imagem' }));
    expect(onInsert).toHaveBeenCalledWith({ src: SRC, alt: 'Coreto da praça', width: 1600, height: 900, credit: 'Ana Lima' });
  });

  it('inserts without a credit', async () => {
    const { dialog, onInsert, user } = renderDialog(vi.fn<UploadImage>().mockResolvedValue(SRC));
    await user.upload(within(dialog).getByLabelText(/Arquivo da imagem/), photo());
    await user.type(within(dialog).getByRole('textbox', { name: /Texto alternativo/ }), 'Coreto');
    await within(dialog).findByText('Imagem enviada.');
    await user.click(within(dialog).getByRole('button', { name: 'Inserir imagem' }));
    expect(onInsert).toHaveBeenCalledWith({ src: SRC, alt: 'Coreto', width: 1600, height: 900, credit: null });
  });

  it('asks for a file when none was chosen', async () => {
    const { dialog, onInsert, user } = renderDialog(vi.fn<UploadImage>());
    await user.type(within(dialog).getByRole('textbox', { name: /Texto alternativo/ }), 'Coreto');
    await user.click(within(dialog).getByRole('button', { name: 'Inserir imagem' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Escolha uma imagem.');
    expect(onInsert).not.toHaveBeenCalled();
  });

  it('shows the upload progress in pt-BR and holds the insertion until the upload ends', async () => {
    let report!: (loaded: number) => void;
    let finish!: (url: string) => void;
    const upload = vi.fn<UploadImage>((_file, onProgress) => {
      report = (loaded) => onProgress({ loaded, total: 200 });
      return new Promise((resolve) => (finish = resolve));
    });
    const { dialog, user } = renderDialog(upload);
    await user.type(within(dialog).getByRole('textbox', { name: /Texto alternativo/ }), 'Coreto');
    await user.upload(within(dialog).getByLabelText(/Arquivo da imagem/), photo());
    report(50);
    expect(await within(dialog).findByText('Enviando imagem... 25%')).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar', { name: 'Progresso do envio da imagem' })).toHaveAttribute('value', '25');
    expect(within(dialog).getByRole('button', { name: 'Inserir imagem' })).toBeDisabled();
    finish(SRC);
    expect(await within(dialog).findByText('Imagem enviada.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Inserir imagem' })).toBeEnabled();
  });

  it('says why an upload failed, in pt-BR, and keeps what was typed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const upload = vi.fn<UploadImage>().mockRejectedValue(new StorageError('JWT expired', { code: 'not_authenticated' }));
    const { dialog, onInsert, user } = renderDialog(upload);
    await user.type(within(dialog).getByRole('textbox', { name: /Texto alternativo/ }), 'Coreto');
    await user.type(within(dialog).getByRole('textbox', { name: 'Crédito' }), 'Ana');
    await user.upload(within(dialog).getByLabelText(/Arquivo da imagem/), photo());
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Sua sessão expirou. Entre novamente para enviar a imagem.');
    expect(within(dialog).getByRole('textbox', { name: /Texto alternativo/ })).toHaveValue('Coreto');
    expect(within(dialog).getByRole('textbox', { name: 'Crédito' })).toHaveValue('Ana');
    await user.click(within(dialog).getByRole('button', { name: 'Inserir imagem' }));
    expect(onInsert).not.toHaveBeenCalled();
  });

  it('refuses a file that is not an image before uploading', async () => {
    const upload = vi.fn<UploadImage>();
    const { dialog, user } = renderDialog(upload);
    await user.upload(within(dialog).getByLabelText(/Arquivo da imagem/), new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('O arquivo precisa ser uma imagem');
    expect(upload).not.toHaveBeenCalled();
  });

  it('is reached from the editor toolbar and inserts the figure into the text', async () => {
    // jsdom lays nothing out: ProseMirror scrolls the inserted figure into view with these.
    const rects = { getClientRects: () => [] as unknown as DOMRectList, getBoundingClientRect: () => new DOMRect() };
    for (const prototype of [Range.prototype, Element.prototype]) {
      if (!('getClientRects' in prototype) || !prototype.getClientRects) Object.assign(prototype, rects);
    }
    Object.assign(Text.prototype, rects);
    const { default: RichTextEditor } = await import('./rich-text-editor');
    const onChange = vi.fn<(html: string) => void>();
    render(
      <>
        <span id="rotulo">Conteúdo</span>
        <RichTextEditor labelId="rotulo" initialContent="<p>Texto</p>" onChange={onChange} uploadImage={vi.fn<UploadImage>().mockResolvedValue(SRC)} measureImage={measure} />
      </>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Inserir imagem' }));
    const dialog = screen.getByRole('dialog', { name: 'Inserir imagem' });
    await user.upload(within(dialog).getByLabelText(/Arquivo da imagem/), photo());
    await user.type(within(dialog).getByRole('textbox', { name: /Texto alternativo/ }), 'Coreto');
    await user.type(within(dialog).getByRole('textbox', { name: 'Crédito' }), 'Ana');
    await within(dialog).findByText('Imagem enviada.');
    await user.click(within(dialog).getByRole('button', { name: 'Inserir imagem' }));
    expect(onChange).toHaveBeenLastCalledWith(
      expect.stringContaining(`<figure><img src="${SRC}" alt="Coreto" width="1600" height="900"><figcaption>Foto: Ana</figcaption></figure>`),
    );
  });
});
