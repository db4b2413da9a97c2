import { AD_CREATIVE_MAX_BYTES, AD_SPACE_SIZES } from '../../../services/ad-campaigns';
import { AD_SPACE_LABELS } from '../../../lib/ad-figures';
import type { AdSpace } from '../../../types/database';

// What a creative must be for its space (the migration's ad_space_fits and the 'ads' bucket's limit), and how the
// campaign form says so: the same words when a file is chosen, when the space changes and when the form is saved.

export interface PixelSize {
  width: number;
  height: number;
}

/** The desktop creative, or the phone variant that Banner Principal and Banner em Matéria need. */
export type CreativeKind = 'desktop' | 'phone';

/** The pixels a space's creative of this kind must have; null when the space takes no phone variant. */
export function creativeSize(space: AdSpace, kind: CreativeKind): PixelSize | null {
  const sizes = AD_SPACE_SIZES[space];
  return kind === 'desktop' ? { width: sizes.width, height: sizes.height } : sizes.phone;
}

export function needsPhoneCreative(space: AdSpace): boolean {
  return AD_SPACE_SIZES[space].phone !== null;
}

export const formatSize = ({ width, height }: PixelSize): string => `${width}×${height} px`;

export function sameSize(a: PixelSize, b: PixelSize): boolean {
  return a.width === b.width && a.height === b.height;
}

/** The space select's hint: '970×250 px; celular 320×100 px'. */
export function spaceSizesHint(space: AdSpace): string {
  const phone = creativeSize(space, 'phone');
  return `${formatSize(creativeSize(space, 'desktop')!)}; ${phone ? `celular ${formatSize(phone)}` : 'sem versão para celular'}`;
}

export const CREATIVE_TOO_HEAVY = `A imagem deve ter no máximo ${AD_CREATIVE_MAX_BYTES / 1024} KB`;
export const CREATIVE_UNREADABLE = 'Não foi possível ler a imagem. Envie outro arquivo.';

export function wrongSizeMessage(expected: PixelSize, actual: PixelSize): string {
  return `A imagem deve ter exatamente ${formatSize(expected)} (esta tem ${formatSize(actual)})`;
}

/** Why a creative kept from another space was removed when the space changed. */
export function spaceChangedMessage(space: AdSpace, expected: PixelSize, removed: PixelSize): string {
  return `A imagem enviada (${formatSize(removed)}) não serve para o ${AD_SPACE_LABELS[space]}: envie uma de ${formatSize(expected)}`;
}

/** The file's weight within the bucket's limit, before reading its pixels; the message, or null. */
export function creativeWeightProblem(file: { size: number }): string | null {
  return file.size > AD_CREATIVE_MAX_BYTES ? CREATIVE_TOO_HEAVY : null;
}
