import { getPixKeyInfo, isValidCnpj, isValidCpf } from '@brazilian-utils/brazilian-utils';

// The newsroom's Pix key and receiver, checked as the BR Code manual and the DICT write them (docs/decisions/0054),
// with the pt-BR message the Administrador reads beside the field. The checks are the maintained library's
// (@brazilian-utils/brazilian-utils, the same that builds the code), so the panel accepts exactly what the code can carry.

export type PixKeyType = 'cpf' | 'cnpj' | 'email' | 'phone' | 'evp';

export const PIX_KEY_TYPE_LABELS: Record<PixKeyType, string> = {
  cpf: 'CPF',
  cnpj: 'CNPJ',
  email: 'E-mail',
  phone: 'Celular',
  evp: 'Chave aleatória',
};

/** The BR Code's limits on the receiver (fields 59 and 60). */
export const RECEIVER_NAME_MAX = 25;
export const RECEIVER_CITY_MAX = 15;

export type PixKeyCheck = { ok: true; value: string } | { ok: false; message: string };

const MESSAGES: Record<PixKeyType, string> = {
  cpf: 'CPF inválido: confira os 11 números; os dois últimos (dígitos verificadores) não conferem.',
  cnpj: 'CNPJ inválido: confira os 14 caracteres; os dois últimos (dígitos verificadores) não conferem.',
  email: 'E-mail inválido: escreva o endereço cadastrado como chave Pix, por exemplo apoie@jornal.com.br.',
  phone: 'Celular inválido: escreva o DDD e o número do celular cadastrado, por exemplo (19) 99876-5432 ou +55 19 99876-5432.',
  evp: 'Chave aleatória inválida: copie do app do banco a chave inteira, com os hífens (8-4-4-4-12 caracteres).',
};

/** The key in the form the BR Code carries, when it is a valid key of the chosen type; else what is wrong, in pt-BR. */
export function checkPixKey(type: PixKeyType, typed: string): PixKeyCheck {
  const value = typed.trim();
  if (value === '') return { ok: false, message: 'Informe a chave Pix da redação.' };
  if (type === 'cpf' && !isValidCpf(value)) return { ok: false, message: MESSAGES.cpf };
  if (type === 'cnpj' && !isValidCnpj(value)) return { ok: false, message: MESSAGES.cnpj };
  const info = getPixKeyInfo(type === 'phone' && !value.startsWith('+') && !value.startsWith('0055') ? `+55${value.replace(/^0/, '')}` : value);
  if (!info || info.type !== type) return { ok: false, message: MESSAGES[type] };
  return { ok: true, value: info.value };
}

/** The type of a key as the settings keep it (the BR Code's form), for the panel's select. */
export function pixKeyTypeOf(key: string): PixKeyType {
  return getPixKeyInfo(key)?.type ?? 'evp';
}

/** Printable ASCII without accents, as banks register names and as the BR Code carries them. */
export function foldToBrCode(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/[^\x20-\x7e]/g, '')
    .trim();
}

/** The receiver's name or city for the code, or what is wrong with it (pt-BR). */
export function checkReceiverText(kind: 'name' | 'city', typed: string): PixKeyCheck {
  const folded = foldToBrCode(typed);
  const max = kind === 'name' ? RECEIVER_NAME_MAX : RECEIVER_CITY_MAX;
  const label = kind === 'name' ? 'O nome do recebedor' : 'A cidade do recebedor';
  if (folded === '') return { ok: false, message: `${label} é obrigatóri${kind === 'city' ? 'a' : 'o'} para abrir o apoio.` };
  if (folded.length > max) {
    return {
      ok: false,
      message: `${label} tem ${folded.length} caracteres; o código Pix aceita até ${max}. Use a forma abreviada que o banco registra.`,
    };
  }
  return { ok: true, value: folded };
}
