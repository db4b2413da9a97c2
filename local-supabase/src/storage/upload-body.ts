import { baseMimeType, cacheControlFrom } from './object-name.ts';
import { storageErrors } from './storage-error.ts';

export interface UploadBody {
  bytes: Uint8Array;
  /** The declared type: the file part's Content-Type (or the contentType field), or the raw body's header. */
  mimeType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

function parseMetadata(field: FormDataEntryValue | null): Record<string, unknown> | null {
  if (typeof field !== 'string' || field.trim() === '') return null;
  try {
    const parsed: unknown = JSON.parse(field);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // Falls through: Storage refuses metadata that is not a JSON object.
  }
  throw storageErrors.invalidRequest('metadata must be a JSON object');
}

/**
 * What storage-js sends for a Blob or File (docs/architecture.md §5): a `cacheControl` field, optional `contentType` and
 * `metadata` fields, and the file as the first file part whatever its field name (storage-js leaves it empty).
 */
async function fromMultipart(request: Request): Promise<UploadBody> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw storageErrors.invalidRequest('The multipart body could not be read');
  }
  let file: File | null = null;
  for (const [, value] of form.entries()) {
    if (typeof value !== 'string') {
      file = value;
      break;
    }
  }
  if (!file) throw storageErrors.invalidRequest('No file was found in the multipart body');
  const contentTypeField = form.get('contentType');
  const declared = typeof contentTypeField === 'string' && contentTypeField.trim() !== '' ? contentTypeField : file.type;
  const cacheControlField = form.get('cacheControl');
  return {
    bytes: new Uint8Array(await file.arrayBuffer()),
    mimeType: baseMimeType(declared) || 'application/octet-stream',
    cacheControl: cacheControlFrom(typeof cacheControlField === 'string' ? cacheControlField : null),
    userMetadata: parseMetadata(form.get('metadata')),
  };
}

/** An ArrayBuffer, Buffer or stream is sent as the raw body with its own Content-Type and Cache-Control. */
async function fromRawBody(request: Request): Promise<UploadBody> {
  return {
    bytes: new Uint8Array(await request.arrayBuffer()),
    mimeType: baseMimeType(request.headers.get('content-type')) || 'application/octet-stream',
    cacheControl: cacheControlFrom(request.headers.get('cache-control')),
    userMetadata: null,
  };
}

export function readUploadBody(request: Request): Promise<UploadBody> {
  return baseMimeType(request.headers.get('content-type')) === 'multipart/form-data'
    ? fromMultipart(request)
    : fromRawBody(request);
}
