/** GoTrue's default minimum password length (GOTRUE_PASSWORD_MIN_LENGTH). */
export const MIN_PASSWORD_LENGTH = 6;

// Deliberately simple, like the check GoTrue performs before its optional MX lookup: one @, no spaces, a dotted
// domain. Anything stricter would refuse addresses a real project accepts.
const EMAIL_PATTERN = /^[^\s@<>(),;:"[\]\\]+@[^\s@<>(),;:"[\]\\]+\.[^\s@<>(),;:"[\]\\.]+$/;

/** Normalises an e-mail as GoTrue stores it (trimmed, lower case), or null when it is not a plausible address. */
export function normalizeEmail(raw: string): string | null {
  const email = raw.trim().toLowerCase();
  if (email.length > 255 || !EMAIL_PATTERN.test(email)) return null;
  return email;
}

/** The reasons GoTrue would call this password weak (only the length rule is on by default). */
export function passwordWeaknesses(password: string): string[] {
  return [...password].length < MIN_PASSWORD_LENGTH ? ['length'] : [];
}
