/**
 * Supabase Storage's error catalogue (docs/architecture.md §5). Client errors travel as HTTP 400 with the real status as a
 * string in `statusCode`; storage-js reports that string to the app.
 */
export class StorageApiError extends Error {
  constructor(
    readonly statusCode: string,
    readonly code: string,
    readonly error: string,
    message: string,
  ) {
    super(message);
    this.name = 'StorageApiError';
  }

  get httpStatus(): 400 | 500 {
    return this.statusCode === '500' ? 500 : 400;
  }
}

export const storageErrors = {
  duplicate: () => new StorageApiError('409', 'ResourceAlreadyExists', 'Duplicate', 'The resource already exists'),
  accessDenied: (message = 'new row violates row-level security policy') =>
    new StorageApiError('403', 'AccessDenied', 'Unauthorized', message),
  noSuchKey: () => new StorageApiError('404', 'NoSuchKey', 'not_found', 'Object not found'),
  noSuchBucket: () => new StorageApiError('404', 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  invalidMimeType: (mimeType: string) =>
    new StorageApiError('415', 'InvalidMimeType', 'invalid_mime_type', `mime type ${mimeType} is not supported`),
  contentMismatch: (mimeType: string) =>
    new StorageApiError(
      '415',
      'InvalidMimeType',
      'invalid_mime_type',
      `mime type ${mimeType} is not supported: the file content is not a ${mimeType} image`,
    ),
  entityTooLarge: () =>
    new StorageApiError('413', 'EntityTooLarge', 'Payload too large', 'The object exceeded the maximum allowed size'),
  invalidJwt: (message: string) => new StorageApiError('400', 'InvalidJWT', 'InvalidJWT', message),
  invalidSignature: () => new StorageApiError('400', 'InvalidSignature', 'InvalidSignature', 'The url do not match the signature'),
  invalidKey: (key: string) => new StorageApiError('400', 'InvalidKey', 'Invalid Input', `Invalid key: ${key}`),
  invalidRequest: (message: string) => new StorageApiError('400', 'InvalidRequest', 'Invalid Request', message),
  notFound: () => new StorageApiError('404', 'NotFound', 'Not Found', 'Route not found'),
  internal: () => new StorageApiError('500', 'InternalError', 'Internal Server Error', 'Internal Server Error'),
};

export function storageErrorResponse(error: StorageApiError): Response {
  const body = { statusCode: error.statusCode, code: error.code, error: error.error, message: error.message };
  return new Response(JSON.stringify(body), {
    status: error.httpStatus,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}
