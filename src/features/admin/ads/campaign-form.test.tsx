import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Advertiser } from '../../../services/ad-campaigns';
import type { UploadImage } from '../shared/image-upload-field';
import { formDraftKey } from '../shared/form-draft';
import { heavyPngFile, installImageDecoder, pngFile } from '../testing/creative-files';
import { CampaignForm } from './campaign-form';
import { newCampaignValues, toCampaignInput, type CampaignFormValues } from './campaign-values';

// The campaign form alone: its save is a stub (what it hands over is what the route's action would save), and its
// upload a stand-in for the 'ads' bucket that answers the file's would-be public URL. campaign-form.route.test.tsx
// saves through the route into the local backend.

const TODAY = '2026-11-27';
const BUCKET = 'http://127.0.0.1:54321/storage/v1/object/public/ads/';
const ADVERTISER: Advertiser = { id: '00000000-0000-4000-8000-0000000000a1', name: 'Cerâmica Porto', contact: 'rh@ceramica.com.br', created_at: '2026-11-01T12:00:00Z' };

beforeEach(() => {
  localStorage.clear();
  installImageDecoder();
  return () => vi.unstubAllGlobals();
});

function renderForm({ advertisers = [] as Advertiser[], initialValues = newCampaignValues({ advertisers, request: null, today: TODAY }) } = {}) {
  const save = { submit: vi.fn<(values: CampaignFormValues) => void>(), pending: false, failure: null };
  const upload = vi.fn<UploadImage>((file) => Promise.resolve(`${BUCKET}${file.name}`));
  const view = render(
    <CampaignForm
      initialValues={initialValues}
      save={save}
      onCancel={() => undefined}
      draftKey={formDraftKey('campaign', undefined)}
      storage={localStorage}
      advertisers={advertisers}
      upload={upload}
    />,
  );
  // userEvent.upload honours `accept`: the tests hand the field files a user could still pick (drag-and-drop).
  return { submit: save.submit, upload, user: userEvent.setup({ applyAccept: false }), unmount: view.unmount };
}

/** The creative's file input (its label carries the required mark, hence the pattern). */
const creativeInput = (label: 'Imagem do anúncio' | 'Versão para celular') => screen.getByLabelText(new RegExp(`^${label}`));
const saveButton = () => screen.getByRole('button', { name: 'Salvar' });

async function fillValidCampaign(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: /Nome do anunciante/ }), 'Padaria Central');
  await user.type(screen.getByRole('textbox', { name: /Contato do anunciante/ }), 'Ana · ana@padaria.com.br');
  await user.upload(creativeInput('Imagem do anúncio'), await pngFile(970, 250));
  await user.upload(creativeInput('Versão para celular'), await pngFile(320, 100));
  await screen.findByRole('img', { name: 'Pré-visualização: Versão para celular' });
  await user.type(screen.getByRole('textbox', { name: /Texto alternativo/ }), 'Pão quente todo dia');
  await user.type(screen.getByRole('textbox', { name: /Link de destino/ }), 'https://padaria.com.br/promocao');
  await user.type(screen.getByLabelText(/Término/), '2026-12-31');
}

describe('CampaignForm', () => {
  it("starts today, 'Ativa', on Banner Principal, for a new advertiser when there is none, and says what is missing", async () => {
    const { submit, user } = renderForm();
    expect(screen.getByRole('combobox', { name: /Anunciante/ })).toHaveValue('novo');
    expect(screen.getByLabelText(/Início/)).toHaveValue(TODAY);
    const state = screen.getByRole('combobox', { name: /Situação/ });
    expect(state).toHaveDisplayValue('Ativa');
    expect(within(state).getAllByRole('option').map((option) => option.textContent)).toEqual(['Ativa', 'Pausada', 'Encerrada']);
    expect(screen.getByRole('combobox', { name: /Espaço/ })).toHaveDisplayValue('Banner Principal');
    expect(screen.getByRole('combobox', { name: /Espaço/ })).toHaveAccessibleDescription('970×250 px; celular 320×100 px');

    await user.click(saveButton());
    expect(submit).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: /Nome do anunciante/ })).toHaveAccessibleDescription('Informe o nome do anunciante');
    expect(screen.getByRole('textbox', { name: /Contato do anunciante/ })).toHaveAccessibleDescription('Informe o contato do anunciante');
    expect(creativeInput('Imagem do anúncio')).toHaveAccessibleDescription('Envie a imagem do anúncio');
    expect(creativeInput('Versão para celular')).toHaveAccessibleDescription('Envie a versão para celular');
    expect(screen.getByRole('textbox', { name: /Texto alternativo/ })).toHaveAccessibleDescription('Informe o texto alternativo');
    expect(screen.getByRole('textbox', { name: /Link de destino/ })).toHaveAccessibleDescription('Informe o link de destino');
    expect(screen.getByLabelText(/Término/)).toHaveAccessibleDescription('Informe a data de término');
  });

  it("offers the advertisers and '+ Novo anunciante', whose name and contact show only when it is chosen", async () => {
    const { submit, user } = renderForm({ advertisers: [ADVERTISER] });
    const select = screen.getByRole('combobox', { name: /Anunciante/ });
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['Selecione o anunciante', 'Cerâmica Porto', '+ Novo anunciante']);
    expect(screen.queryByRole('textbox', { name: /Nome do anunciante/ })).not.toBeInTheDocument();
    await user.click(saveButton());
    expect(select).toHaveAccessibleDescription('Selecione o anunciante');
    expect(submit).not.toHaveBeenCalled();

    await user.selectOptions(select, '+ Novo anunciante');
    expect(screen.getByRole('textbox', { name: /Nome do anunciante/ })).toBeInTheDocument();
    await user.selectOptions(select, 'Cerâmica Porto');
    expect(screen.queryByRole('textbox', { name: /Contato do anunciante/ })).not.toBeInTheDocument();
  });

  it('refuses a creative of another size before uploading it, saying both sizes', async () => {
    const { upload, user } = renderForm();
    await user.upload(creativeInput('Imagem do anúncio'), await pngFile(800, 200));
    expect(await screen.findByRole('alert')).toHaveTextContent('A imagem deve ter exatamente 970×250 px (esta tem 800×200 px)');
    expect(creativeInput('Imagem do anúncio')).toHaveAttribute('aria-invalid', 'true');
    expect(upload).not.toHaveBeenCalled();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('refuses a creative over 150 KB, and a file that is not an image, before uploading', async () => {
    const { upload, user } = renderForm();
    const heavy = await heavyPngFile(970, 250);
    expect(heavy.size).toBeGreaterThan(150 * 1024);
    await user.upload(creativeInput('Imagem do anúncio'), heavy);
    expect(await screen.findByRole('alert')).toHaveTextContent('A imagem deve ter no máximo 150 KB');
    await user.upload(creativeInput('Versão para celular'), new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' }));
    expect(await screen.findByText('O arquivo precisa ser uma imagem (PNG, JPG, WEBP, GIF ou AVIF).')).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();
  });

  it('uploads a creative of the exact size and shows it with its size', async () => {
    const { upload, user } = renderForm();
    await user.upload(creativeInput('Imagem do anúncio'), await pngFile(970, 250, 'topo.png'));
    const preview = await screen.findByRole('img', { name: 'Pré-visualização: Imagem do anúncio' });
    expect(preview).toHaveAttribute('src', `${BUCKET}topo.png`);
    expect(screen.getByText('970×250 px')).toBeInTheDocument();
    expect(upload).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Remover: Imagem do anúncio' }));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it("refuses an http link and an end before the start, next to each field", async () => {
    const { submit, user } = renderForm();
    await fillValidCampaign(user);
    const link = screen.getByRole('textbox', { name: /Link de destino/ });
    await user.clear(link);
    await user.type(link, 'http://padaria.com.br');
    const end = screen.getByLabelText(/Término/);
    await user.clear(end);
    await user.type(end, '2026-11-26');
    await user.click(saveButton());
    expect(submit).not.toHaveBeenCalled();
    expect(link).toHaveAccessibleDescription('Informe um link https válido');
    expect(end).toHaveAccessibleDescription('O término deve ser no mesmo dia ou depois do início');

    // The same day as the start is allowed, and an https link.
    await user.clear(link);
    await user.type(link, 'https://padaria.com.br');
    await user.clear(end);
    await user.type(end, TODAY);
    await user.click(saveButton());
    expect(toCampaignInput(submit.mock.calls[0]![0])).toMatchObject({
      advertiser: { name: 'Padaria Central', contact: 'Ana · ana@padaria.com.br' },
      campaign: {
        space: 'banner-principal',
        image_url: `${BUCKET}criativo-970x250.png`,
        image_width: 970,
        image_height: 250,
        mobile_image_url: `${BUCKET}criativo-320x100.png`,
        mobile_image_width: 320,
        mobile_image_height: 100,
        target_url: 'https://padaria.com.br',
        starts_on: TODAY,
        ends_on: TODAY,
        state: 'ativa',
        media_kit_request_id: null,
      },
    });
  });

  it('removes the creatives that do not fit a newly chosen space, says why, and saves Banner Lateral without a phone variant', async () => {
    const { submit, user } = renderForm();
    await fillValidCampaign(user);
    await user.selectOptions(screen.getByRole('combobox', { name: /Espaço/ }), 'Banner Lateral');
    expect(screen.getByRole('combobox', { name: /Espaço/ })).toHaveAccessibleDescription('300×600 px; sem versão para celular');
    expect(screen.queryByLabelText(/^Versão para celular/)).not.toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('A imagem enviada (970×250 px) não serve para o Banner Lateral: envie uma de 300×600 px');

    await user.click(saveButton());
    expect(submit).not.toHaveBeenCalled();
    expect(creativeInput('Imagem do anúncio')).toHaveAccessibleDescription('Envie a imagem do anúncio');

    await user.upload(creativeInput('Imagem do anúncio'), await pngFile(300, 600));
    await screen.findByRole('img', { name: 'Pré-visualização: Imagem do anúncio' });
    await user.click(saveButton());
    expect(toCampaignInput(submit.mock.calls[0]![0]).campaign).toMatchObject({
      space: 'banner-lateral',
      image_width: 300,
      image_height: 600,
      mobile_image_url: null,
      mobile_image_width: null,
      mobile_image_height: null,
    });
  });

  it('asks for the phone variant of Banner em Matéria at its own size', async () => {
    const { submit, user } = renderForm();
    await user.selectOptions(screen.getByRole('combobox', { name: /Espaço/ }), 'Banner em Matéria');
    await user.upload(creativeInput('Versão para celular'), await pngFile(320, 100));
    expect(await screen.findByRole('alert')).toHaveTextContent('A imagem deve ter exatamente 320×50 px (esta tem 320×100 px)');
    await user.click(saveButton());
    expect(creativeInput('Versão para celular')).toHaveAccessibleDescription('A imagem deve ter exatamente 320×50 px (esta tem 320×100 px)');
    expect(submit).not.toHaveBeenCalled();
  });

  it('keeps what is typed, creatives included, as a draft offered back when the form opens again', async () => {
    const first = renderForm();
    await first.user.type(screen.getByRole('textbox', { name: /Texto alternativo/ }), 'Feirão de móveis');
    await first.user.upload(creativeInput('Imagem do anúncio'), await pngFile(970, 250, 'feirao.png'));
    await screen.findByRole('img', { name: 'Pré-visualização: Imagem do anúncio' });
    first.unmount();

    const again = renderForm();
    expect(screen.getByRole('status')).toHaveTextContent('Rascunho não salvo recuperado');
    expect(screen.getByRole('textbox', { name: /Texto alternativo/ })).toHaveValue('Feirão de móveis');
    expect(screen.getByRole('img', { name: 'Pré-visualização: Imagem do anúncio' })).toHaveAttribute('src', `${BUCKET}feirao.png`);
    await again.user.click(screen.getByRole('button', { name: 'Descartar rascunho' }));
    expect(screen.getByRole('textbox', { name: /Texto alternativo/ })).toHaveValue('');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
