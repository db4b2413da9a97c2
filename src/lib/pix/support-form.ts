// The '/apoie' form as the page writes it and the server reads it (docs/decisions/0054): field names, the amounts'
// bounds, the consent line (stored word for word with a name or an e-mail) and the pt-BR messages of each refusal.

export const SUPPORT_FORM = {
  amount: 'valor',
  otherAmount: 'outro_valor',
  name: 'nome',
  email: 'email',
  monthly: 'mensal',
} as const;

/** The amount choices' values: the suggested amounts in centavos, or 'outro'. */
export const OTHER_AMOUNT = 'outro';
/** How much of a refused 'Outro valor' the answer carries back to the form: more than any amount is typed with. */
export const OTHER_AMOUNT_KEPT_LENGTH = 24;
export const SUGGESTED_CENTS = [1000, 2500, 5000] as const;
/** R$ 1,00 to R$ 5.000,00: the database's bounds (support_check_input). */
export const MIN_CENTS = 100;
export const MAX_CENTS = 500_000;

export const SUPPORT_CONSENT_TEXT =
  'Se você informar nome e e-mail, a redação os guarda para agradecer o seu apoio (e, se pedir, enviar o lembrete mensal) e os apaga 12 meses depois; não os compartilhamos com ninguém.';

/** Where a mail app's one-click POST (RFC 8058) and the stop page's button stop a monthly reminder. */
export const SUPPORT_REMINDER_STOP_API = '/api/apoie/lembrete/';

export type SupportFormError = 'valor' | 'email' | 'limite' | 'dados';

export const SUPPORT_FORM_MESSAGES: Record<SupportFormError, string> = {
  valor: `Escolha um dos valores ou escreva outro valor entre R$ 1,00 e R$ 5.000,00 (por exemplo, 15 ou 15,50).`,
  email: 'Confira o e-mail: ele parece incompleto. Você também pode deixá-lo em branco.',
  limite: 'Muitos códigos foram gerados a partir desta conexão na última hora. Tente de novo mais tarde.',
  dados: 'Não foi possível gerar o código com esses dados. Confira os campos e tente de novo.',
};

export function isSupportFormError(value: string | null): value is SupportFormError {
  return value !== null && value in SUPPORT_FORM_MESSAGES;
}

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** R$ 25,00 (with the narrow no-break space Intl writes turned into a plain one, as readers type it). */
export function formatCents(cents: number): string {
  return brl.format(cents / 100).replace(/\s/g, ' ');
}

/** 'R$ 15,50', '15,5', '15.50', '1.000' → centavos; null when it is not an amount. */
export function parseReais(typed: string): number | null {
  const text = typed.replace(/R\$/i, '').replace(/\s/g, '');
  if (!/^\d{1,3}(\.\d{3})*(,\d{1,2})?$|^\d+([.,]\d{1,2})?$/.test(text)) return null;
  const normalised = /,/.test(text) ? text.replace(/\./g, '').replace(',', '.') : /^\d{1,3}(\.\d{3})+$/.test(text) ? text.replace(/\./g, '') : text;
  const value = Math.round(Number(normalised) * 100);
  return Number.isFinite(value) ? value : null;
}

/** The amount the form asks for, within the bounds, or why not. */
export function parseAmountField(choice: string, other: string): { ok: true; cents: number } | { ok: false; error: SupportFormError } {
  const cents = choice === OTHER_AMOUNT ? parseReais(other) : /^\d+$/.test(choice) ? Number(choice) : null;
  if (cents === null || cents < MIN_CENTS || cents > MAX_CENTS) return { ok: false, error: 'valor' };
  // A suggested amount is only one of those the page offers: a forged value is 'Outro valor' with its bounds.
  return { ok: true, cents };
}
