import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { StorageError } from '../../../services/errors';
import { ImageUploadField, type UploadImage } from './image-upload-field';

afterEach(() => vi.restoreAllMocks());

function Harness({ upload, initial = null }: { upload: UploadImage; initial?: string | null }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <ImageUploadField label="Imagem" value={value} onChange={setValue} upload={upload} />
      <output aria-label="valor">{value ?? 'vazio'}</output>
    </>
  );
}

// userEvent.upload honours `accept`; these tests hand the field files a user could still pick (drag-and-drop,
// "all files"), so the component's own check is what is tested.
const user = () => userEvent.setup({ applyAccept: false });

describe('ImageUploadField', () => {
  it('refuses a file that is not an image, next to the field, without uploading', async () => {
    const upload = vi.fn<UploadImage>();
    render(<Harness upload={upload} />);
    await user().upload(screen.getByLabelText('Imagem'), new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' }));
    expect(screen.getByRole('alert')).toHaveTextContent('O arquivo precisa ser uma imagem');
    expect(upload).not.toHaveBeenCalled();
  });

  it('refuses an image over 10 MB', async () => {
    const upload = vi.fn<UploadImage>();
    render(<Harness upload={upload} />);
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'grande.jpg', { type: 'image/jpeg' });
    await user().upload(screen.getByLabelText('Imagem'), big);
    expect(screen.getByRole('alert')).toHaveTextContent('A imagem deve ter no máximo 10MB.');
    expect(upload).not.toHaveBeenCalled();
  });

  it('shows a local preview and the progress while uploading, then keeps the URL', async () => {
    let report!: (loaded: number) => void;
    let finish!: (url: string) => void;
    const upload = vi.fn<UploadImage>((_file, onProgress) => {
      report = (loaded) => onProgress({ loaded, total: 200 });
      return new Promise((resolve) => (finish = resolve));
    });
    render(<Harness upload={upload} />);
    await user().upload(screen.getByLabelText('Imagem'), new File(['png'], 'a.png', { type: 'image/png' }));
    expect(screen.getByRole('img', { name: 'Pré-visualização da imagem' })).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    report(50);
    expect(await screen.findByText('Enviando imagem... 25%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Progresso do envio da imagem' })).toHaveAttribute('value', '25');
    finish('https://cdn.example/a.png');
    expect(await screen.findByRole('button', { name: 'Remover imagem' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'valor' })).toHaveTextContent('https://cdn.example/a.png');
  });

  it.each([
    [new StorageError('The object exceeded the maximum allowed size', { code: '413' }), 'A imagem deve ter no máximo 10MB.'],
    [new StorageError('mime type image/svg+xml is not supported', { code: '415' }), 'O arquivo precisa ser uma imagem'],
    [new StorageError('Network error during upload', { code: 'network' }), 'Erro ao enviar a imagem. Tente novamente.'],
  ])('explains an upload refused by the server (%s)', async (error, message) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<Harness upload={vi.fn<UploadImage>().mockRejectedValue(error)} />);
    await user().upload(screen.getByLabelText('Imagem'), new File(['png'], 'a.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('removes the current image', async () => {
    render(<Harness upload={vi.fn<UploadImage>()} initial="https://cdn.example/old.png" />);
    expect(screen.getByRole('img', { name: 'Pré-visualização da imagem' })).toHaveAttribute('src', 'https://cdn.example/old.png');
    await user().click(screen.getByRole('button', { name: 'Remover imagem' }));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'valor' })).toHaveTextContent('vazio');
  });
});
