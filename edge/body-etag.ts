// A strong validator from a body's SHA-1, in the form Hono's etag middleware makes it. An answer that already carries
// one is not cloned and hashed again by the middleware (edge/app/edge-app.ts), nor by the render cache when it keeps it.

export async function etagOf(body: BufferSource): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-1', body));
  return `"${Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('')}"`;
}

/** A text body encoded once: the bytes to send and their ETag. */
export async function taggedText(text: string): Promise<{ bytes: Uint8Array<ArrayBuffer>; etag: string }> {
  const bytes = new TextEncoder().encode(text);
  return { bytes, etag: await etagOf(bytes) };
}
