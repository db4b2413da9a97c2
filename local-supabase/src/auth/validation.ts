/** GoTrue's default minimum password length (GOTRUE_PASSWORD_MIN_LENGTH). */
export const MIN_PASSWORD_LENGTH = 6;

/**
 * GoTrue's MaxPasswordLength. bcrypt reads only the first 72 bytes, so GoTrue refuses a longer password instead
 * of letting the rest be silently ignored (bcryptjs here would truncate).
 */
export const MAX_PASSWORD_LENGTH = 72;

// GoTrue's format check (badoux/checkmail's ValidateFormat, the version GoTrue pins): an ASCII local part and
// hostname labels; a dot in the domain is not required. Anything looser would accept addresses, such as ones
// with accented letters, that a hosted project refuses.
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** Normalises an e-mail as GoTrue stores it (trimmed, lower case), or null when it is not a plausible address. */
export function normalizeEmail(raw: string): string | null {
  const email = raw.trim().toLowerCase();
  if (email.length > 255 || !EMAIL_PATTERN.test(email)) return null;
  return email;
}

/** Go's len(): GoTrue measures passwords in UTF-8 bytes, not characters. */
function byteLength(text: string): number {
  return new TextEncoder().encode(text).byteLength;
}

/** GoTrue refuses these outright (400 validation_failed), before judging strength. */
export function isPasswordTooLong(password: string): boolean {
  return byteLength(password) > MAX_PASSWORD_LENGTH;
}

/** The reasons GoTrue would call this password weak (only the length rule is on by default). */
export function passwordWeaknesses(password: string): string[] {
  return byteLength(password) < MIN_PASSWORD_LENGTH ? ['length'] : [];
}
