import { describe, expect, it } from 'vitest';
import { checkPixKey, checkReceiverText } from './pix-key';

describe('checkPixKey', () => {
  it.each([
    ['cpf', '123.456.789-09', '12345678909'],
    ['cnpj', '11.222.333/0001-81', '11222333000181'],
    ['email', ' Apoie@Jornal.com.br ', 'apoie@jornal.com.br'],
    ['phone', '(19) 99876-5432', '+5519998765432'],
    ['phone', '+55 19 99876-5432', '+5519998765432'],
    ['evp', '71C7D9BE-4B85-4E43-9F1C-1F3B8B4E9A2D', '71c7d9be-4b85-4e43-9f1c-1f3b8b4e9a2d'],
  ] as const)('a %s key %s is kept as the code carries it', (type, typed, value) => {
    expect(checkPixKey(type, typed)).toEqual({ ok: true, value });
  });

  it.each([
    ['cpf', '123.456.789-00', /^CPF inválido/],
    ['cpf', '111.111.111-11', /^CPF inválido/],
    ['cnpj', '11.222.333/0001-80', /^CNPJ inválido/],
    ['email', 'apoie@', /^E-mail inválido/],
    ['phone', '(19) 3333-4444', /^Celular inválido/],
    ['evp', '71c7d9be4b85', /^Chave aleatória inválida/],
    ['cnpj', '123.456.789-09', /^CNPJ inválido/],
    ['cpf', '', /^Informe a chave Pix/],
  ] as const)('a %s key %s is refused with a pt-BR message', (type, typed, message) => {
    const checked = checkPixKey(type, typed);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.message).toMatch(message);
  });
});

describe('checkReceiverText', () => {
  it('folds accents and holds the name to 25 and the city to 15 characters', () => {
    expect(checkReceiverText('name', ' Porto Ferreira Notícias ')).toEqual({ ok: true, value: 'Porto Ferreira Noticias' });
    expect(checkReceiverText('city', 'São Paulo')).toEqual({ ok: true, value: 'Sao Paulo' });
    const tooLong = checkReceiverText('name', 'Jornal Porto Ferreira Notícias Ltda');
    expect(tooLong.ok ? '' : tooLong.message).toMatch(/tem 35 caracteres; o código Pix aceita até 25/);
    expect(checkReceiverText('city', 'São José do Rio Pardo')).toMatchObject({ ok: false });
    expect(checkReceiverText('city', '')).toMatchObject({ ok: false, message: 'A cidade do recebedor é obrigatória para abrir o apoio.' });
  });
});
