import { useState } from 'react';
import { AD_SPACES, CAMPAIGN_STATES, type Advertiser } from '../../../services/ad-campaigns';
import { AD_SPACE_LABELS, CAMPAIGN_STATE_LABELS } from '../../../lib/ad-figures';
import type { AdSpace, CampaignState } from '../../../types/database';
import { SelectField, TextField } from '../../../components/form/form-fields';
import { ResourceFormFrame } from '../shared/resource-form-frame';
import type { ResourceFormProps } from '../shared/resource-form-route';
import type { UploadImage } from '../shared/image-upload-field';
import { useDraftedForm } from '../shared/use-drafted-form';
import { ALT_TEXT_MAX, EMPTY_CAMPAIGN, NEW_ADVERTISER, validateCampaign, type CampaignFormValues } from './campaign-values';
import { creativeSize, sameSize, spaceChangedMessage, spaceSizesHint, type CreativeKind, type PixelSize } from './creative-rules';
import { CreativeUploadField, type Creative } from './creative-upload-field';

interface CampaignFormProps extends ResourceFormProps<CampaignFormValues> {
  /** The advertisers to choose from (besides '+ Novo anunciante'). */
  advertisers: readonly Advertiser[];
  /** Sends a creative to the 'ads' bucket; returns its public URL. */
  upload: UploadImage;
  /** Injected for tests. */
  storage?: Storage;
}

const SPACE_OPTIONS = AD_SPACES.map((space) => ({ value: space, label: AD_SPACE_LABELS[space] }));
const STATE_OPTIONS = CAMPAIGN_STATES.map((state) => ({ value: state, label: CAMPAIGN_STATE_LABELS[state] }));

const CREATIVE_KEYS = {
  desktop: { url: 'imageUrl', width: 'imageWidth', height: 'imageHeight' },
  phone: { url: 'mobileImageUrl', width: 'mobileImageWidth', height: 'mobileImageHeight' },
} as const;

/**
 * The admin's campaign form ('Nova Campanha', 'Editar Campanha'): who bought it (an advertiser, or a new one), the
 * space, its creatives of exactly the space's size, what the banner says and where it leads, its days and its state.
 * A failed save keeps every field and shows 'Erro ao salvar campanha'; what is typed is kept as a draft until saved.
 */
export function CampaignForm({ initialValues, save, onCancel, draftKey, advertisers, upload, storage }: CampaignFormProps) {
  const form = useDraftedForm({ initialValues, validate: validateCampaign, save, draft: { key: draftKey, template: EMPTY_CAMPAIGN, storage } });
  const { values, set, field, errors } = form;
  const [uploads, setUploads] = useState(0);
  // Why a creative was removed when the space changed; it goes once another creative of that kind is uploaded.
  const [removedNotice, setRemovedNotice] = useState<Partial<Record<CreativeKind, string>>>({});
  const phoneSize = creativeSize(values.space, 'phone');

  function creativeOf(kind: CreativeKind): Creative | null {
    const keys = CREATIVE_KEYS[kind];
    const url = values[keys.url];
    return url ? { url, width: values[keys.width], height: values[keys.height] } : null;
  }

  function setCreative(kind: CreativeKind, creative: Creative | null) {
    const keys = CREATIVE_KEYS[kind];
    set(keys.url, creative?.url ?? null);
    set(keys.width, creative?.width ?? 0);
    set(keys.height, creative?.height ?? 0);
    setRemovedNotice((notices) => ({ ...notices, [kind]: undefined }));
  }

  /** Another space: a creative of the old one's size cannot stay (the database would refuse it), and the form says so. */
  function changeSpace(space: AdSpace) {
    set('space', space);
    const notices: Partial<Record<CreativeKind, string>> = {};
    for (const kind of ['desktop', 'phone'] as const) {
      const creative = creativeOf(kind);
      const expected = creativeSize(space, kind);
      if (!creative || !expected || sameSize(creative, expected)) continue;
      setCreative(kind, null);
      notices[kind] = spaceChangedMessage(space, expected, creative);
    }
    setRemovedNotice(notices);
  }

  function creativeField(kind: CreativeKind, label: string, size: PixelSize) {
    return (
      <CreativeUploadField
        key={`${kind}-${values.space}`}
        label={label}
        size={size}
        value={creativeOf(kind)}
        onChange={(creative) => setCreative(kind, creative)}
        upload={upload}
        onUploadingChange={(uploading) => setUploads((count) => count + (uploading ? 1 : -1))}
        error={errors[CREATIVE_KEYS[kind].url] ?? removedNotice[kind]}
      />
    );
  }

  const advertiserOptions = [
    ...advertisers.map((advertiser) => ({ value: advertiser.id, label: advertiser.name })),
    { value: NEW_ADVERTISER, label: '+ Novo anunciante' },
  ];

  return (
    <ResourceFormFrame {...form} onCancel={onCancel} notice={form.draftNotice} saveDisabled={uploads > 0}>
      <SelectField
        label="Anunciante"
        required
        options={advertiserOptions}
        emptyOption={advertisers.length > 0 ? 'Selecione o anunciante' : undefined}
        {...field('advertiserId')}
      />
      {values.advertiserId === NEW_ADVERTISER && (
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="Nome do anunciante" required {...field('advertiserName')} />
          <TextField label="Contato do anunciante" required hint="Nome, e-mail e telefone de quem responde pela campanha" {...field('advertiserContact')} />
        </div>
      )}
      <SelectField
        label="Espaço"
        required
        options={SPACE_OPTIONS}
        hint={spaceSizesHint(values.space)}
        {...field('space')}
        onChange={(space) => changeSpace(space as AdSpace)}
      />
      {creativeField('desktop', 'Imagem do anúncio', creativeSize(values.space, 'desktop')!)}
      {phoneSize && creativeField('phone', 'Versão para celular', phoneSize)}
      <TextField
        label="Texto alternativo"
        required
        hint={`O que a imagem diz, para quem não a vê; até ${ALT_TEXT_MAX} caracteres`}
        {...field('altText')}
      />
      <TextField label="Link de destino" type="url" required placeholder="https://" inputMode="url" {...field('targetUrl')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Início" type="date" required {...field('startsOn')} />
        <TextField label="Término" type="date" required {...field('endsOn')} />
      </div>
      <SelectField label="Situação" required options={STATE_OPTIONS} {...field('state')} onChange={(state) => set('state', state as CampaignState)} />
    </ResourceFormFrame>
  );
}
