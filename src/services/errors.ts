/** Every failure the service layer throws: screens match on `code`, never on message texts. */
export class ServiceError extends Error {
  readonly code: string | undefined;
  readonly status: number | undefined;
  readonly details: string | null;

  constructor(message: string, options: { code?: string; status?: number; details?: string | null; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'ServiceError';
    this.code = options.code;
    this.status = options.status;
    this.details = options.details ?? null;
  }
}

/** The row does not exist or the caller may not see it. */
export class NotFoundError extends ServiceError {
  constructor(message = 'Not found', options: { code?: string; status?: number; cause?: unknown } = {}) {
    super(message, { code: options.code ?? 'PGRST116', status: options.status ?? 406, cause: options.cause });
    this.name = 'NotFoundError';
  }
}

/** An auth failure with GoTrue's error code (invalid_credentials, user_already_exists, weak_password, ...). */
export class AuthError extends ServiceError {
  constructor(message: string, options: { code?: string; status?: number; cause?: unknown } = {}) {
    super(message, options);
    this.name = 'AuthError';
  }
}

/** A storage failure with the storage API's status code as a string ("409", "413", "415", ...). */
export class StorageError extends ServiceError {
  constructor(message: string, options: { code?: string; status?: number; cause?: unknown } = {}) {
    super(message, options);
    this.name = 'StorageError';
  }
}

/** Codes PostgREST uses when a row is missing or the id is malformed: both mean "no such row" to a reader. */
const NOT_FOUND_CODES = new Set(['PGRST116', '22P02']);

interface PostgrestLikeError {
  code?: string;
  message: string;
  details?: string | null;
}

export function toServiceError(error: PostgrestLikeError, status?: number): ServiceError {
  if (error.code && NOT_FOUND_CODES.has(error.code)) {
    return new NotFoundError(error.message, { code: error.code, status, cause: error });
  }
  return new ServiceError(error.message, { code: error.code, status, details: error.details ?? null, cause: error });
}

/** Unwraps supabase-js's `{ data, error }`: returns data or throws a typed error. */
export function unwrap<T>(result: { data: T | null; error: PostgrestLikeError | null; status?: number }): T {
  if (result.error) throw toServiceError(result.error, result.status);
  if (result.data === null) throw new NotFoundError();
  return result.data;
}

/**
 * Unwraps a `.maybeSingle()` lookup: the row, or null when there is none. A missing row is an expected answer
 * (an unknown address, an unpublished story), so it is asked for in a way that succeeds with no row: `.single()`
 * would make the server answer 406, which the browser logs as an error, and the caller would have to catch it.
 */
export function unwrapOptional<T>(result: { data: T; error: PostgrestLikeError | null; status?: number }): T {
  // `data: T` rather than `T | null`: maybeSingle's data is already `Row | null`, and `T | null` made TypeScript
  // infer T from the error branch's `null` alone, typing every lookup as plain null.
  if (result.error) throw toServiceError(result.error, result.status);
  return result.data;
}

/** For writes that return no body (`Prefer: return=minimal`). */
export function check(result: { error: PostgrestLikeError | null; status?: number }): void {
  if (result.error) throw toServiceError(result.error, result.status);
}

export function isPermissionDenied(error: unknown): boolean {
  return error instanceof ServiceError && error.code === '42501';
}

export function isUniqueViolation(error: unknown): boolean {
  return error instanceof ServiceError && error.code === '23505';
}
