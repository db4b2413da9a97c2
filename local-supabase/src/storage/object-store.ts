import type { Queryable } from '../db/database.ts';

export interface BucketRules {
  id: string;
  public: boolean;
  fileSizeLimit: number | null;
  allowedMimeTypes: string[] | null;
}

export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

/** An object row as Storage returns it from remove() (docs/architecture.md §5), key order included. */
export interface ObjectRowJson {
  name: string;
  bucket_id: string;
  owner: string | null;
  owner_id: string | null;
  id: string;
  version: string | null;
  updated_at: string;
  created_at: string;
  last_accessed_at: string;
  metadata: Record<string, unknown> | null;
  user_metadata: Record<string, unknown> | null;
}

const OBJECT_COLUMNS = `name, bucket_id, owner, owner_id, id, version, updated_at, created_at, last_accessed_at,
  metadata, user_metadata`;

function isoOf(value: unknown): string {
  const date = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : new Date(NaN);
  return Number.isNaN(date.getTime()) ? String(value) : date.toISOString();
}

/** uuid and text columns arrive as strings from both drivers. */
function textOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function objectOrNull(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function toObjectRowJson(raw: Record<string, unknown>): ObjectRowJson {
  return {
    name: String(raw.name),
    bucket_id: String(raw.bucket_id),
    owner: textOrNull(raw.owner),
    owner_id: textOrNull(raw.owner_id),
    id: String(raw.id),
    version: textOrNull(raw.version),
    updated_at: isoOf(raw.updated_at),
    created_at: isoOf(raw.created_at),
    last_accessed_at: isoOf(raw.last_accessed_at),
    metadata: objectOrNull(raw.metadata),
    user_metadata: objectOrNull(raw.user_metadata),
  };
}

/** Bucket rules are read as the backend's own role, as Storage does: they are configuration, not user data. */
export async function findBucket(db: Queryable, id: string): Promise<BucketRules | null> {
  const { rows } = await db.query<Record<string, unknown>>(
    `select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  const limit = row.file_size_limit;
  return {
    id: String(row.id),
    public: row.public === true,
    fileSizeLimit: limit === null || limit === undefined ? null : Number(limit),
    allowedMimeTypes: Array.isArray(row.allowed_mime_types) ? row.allowed_mime_types.map(String) : null,
  };
}

export interface NewObject {
  id: string;
  bucket: string;
  name: string;
  /** The JWT sub when it is a UUID (auth users); owner_id keeps any sub as text, as Storage does. */
  owner: string | null;
  ownerId: string | null;
  version: string;
  metadata: ObjectMetadata;
  userMetadata: Record<string, unknown> | null;
}

function rowParams(object: NewObject): unknown[] {
  return [
    object.id,
    object.bucket,
    object.name,
    object.owner,
    object.ownerId,
    object.version,
    JSON.stringify(object.metadata),
    object.userMetadata ? JSON.stringify(object.userMetadata) : null,
  ];
}

/**
 * A plain upload. No RETURNING, so, as in Storage, only an INSERT policy is needed; the id is chosen here.
 * Must run under the caller's role (runAsCaller).
 */
export async function insertObject(tx: Queryable, object: NewObject): Promise<string> {
  await tx.query(
    `insert into storage.objects (id, bucket_id, name, owner, owner_id, version, metadata, user_metadata)
     values ($1, $2, $3, $4::uuid, $5, $6, $7::jsonb, $8::jsonb)`,
    rowParams(object),
  );
  return object.id;
}

/** x-upsert: true. Like Storage, replacing an existing object needs the SELECT and UPDATE policies too. */
export async function upsertObject(tx: Queryable, object: NewObject): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `insert into storage.objects (id, bucket_id, name, owner, owner_id, version, metadata, user_metadata)
     values ($1, $2, $3, $4::uuid, $5, $6, $7::jsonb, $8::jsonb)
     on conflict (bucket_id, name) do update
       set owner = excluded.owner, owner_id = excluded.owner_id, version = excluded.version,
           metadata = excluded.metadata, user_metadata = excluded.user_metadata, updated_at = now(),
           last_accessed_at = now()
     returning id`,
    rowParams(object),
  );
  return String(rows[0]?.id ?? object.id);
}

/** PUT (storage-js update()): replaces an existing object; null when no visible row matched. */
export async function replaceObject(tx: Queryable, object: NewObject): Promise<string | null> {
  const { rows } = await tx.query<{ id: string }>(
    `update storage.objects
        set owner = $3::uuid, owner_id = $4, version = $5, metadata = $6::jsonb, user_metadata = $7::jsonb,
            updated_at = now(), last_accessed_at = now()
      where bucket_id = $1 and name = $2
      returning id`,
    rowParams(object).slice(1),
  );
  return rows[0] ? String(rows[0].id) : null;
}

/** Deletes under the caller's role: rows that RLS hides are simply not deleted, and not returned. */
export async function deleteObjects(tx: Queryable, bucket: string, names: string[]): Promise<ObjectRowJson[]> {
  const { rows } = await tx.query<Record<string, unknown>>(
    `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_COLUMNS}`,
    [bucket, names],
  );
  return rows.map(toObjectRowJson);
}

/** Public reads skip RLS, as Storage's public route does; the caller checks that the bucket is public. */
export async function findObjectMetadata(
  db: Queryable,
  bucket: string,
  name: string,
): Promise<{ metadata: Record<string, unknown> | null; updatedAt: string; overwritten: boolean } | null> {
  // Compared in SQL: timestamps keep microseconds there, and an insert sets both columns to the same now().
  const { rows } = await db.query<Record<string, unknown>>(
    `select metadata, updated_at, updated_at > created_at as overwritten
       from storage.objects where bucket_id = $1 and name = $2`,
    [bucket, name],
  );
  const row = rows[0];
  return row ? { metadata: objectOrNull(row.metadata), updatedAt: isoOf(row.updated_at), overwritten: row.overwritten === true } : null;
}

/** One entry of a folder listing: a file, or a sub-folder (id, dates and metadata null), as Storage lists them. */
export interface ListedEntry {
  name: string;
  id: string | null;
  updated_at: string | null;
  created_at: string | null;
  last_accessed_at: string | null;
  metadata: Record<string, unknown> | null;
}

export interface ListQuery {
  /** '' or a folder ending in '/'. */
  prefix: string;
  search: string;
  limit: number;
  offset: number;
  sortColumn: 'name' | 'updated_at' | 'created_at' | 'last_accessed_at';
  ascending: boolean;
}

/**
 * One folder level of a bucket, as Storage's search function lists it: the files directly in the folder and one
 * entry per sub-folder, names relative to the folder, `search` matching the start of a name case-insensitively.
 * By name, files and folders interleave; by a date, folders come first. Must run under the caller's role: rows
 * that RLS hides are not listed, so a caller without a SELECT policy gets an empty list, as from Storage.
 */
export async function listObjects(tx: Queryable, bucket: string, query: ListQuery): Promise<ListedEntry[]> {
  const direction = query.ascending ? 'asc' : 'desc';
  // Both come from fixed lists (list-request.ts), never from the request's text.
  const order =
    query.sortColumn === 'name'
      ? `sort_key collate "C" ${direction}`
      : `is_folder desc, (case when is_folder then sort_key end) collate "C" ${direction}, ${query.sortColumn} ${direction}, sort_key collate "C"`;
  const { rows } = await tx.query<Record<string, unknown>>(
    `with matched as (
       select o.name, o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata,
              strpos(substr(o.name, char_length($2::text) + 1), '/') as slash
         from storage.objects o
        where o.bucket_id = $1 and lower(left(o.name, char_length($2::text))) = lower($2::text)
     ), entries as (
       select distinct on (left(name, char_length($2::text) + slash - 1))
              substr(left(name, char_length($2::text) + slash - 1), char_length($3::text) + 1) as name,
              null::uuid as id, null::timestamptz as updated_at, null::timestamptz as created_at,
              null::timestamptz as last_accessed_at, null::jsonb as metadata, true as is_folder,
              lower(left(name, char_length($2::text) + slash)) as sort_key
         from matched where slash > 0
       union all
       select substr(name, char_length($3::text) + 1), id, updated_at, created_at, last_accessed_at, metadata, false,
              lower(name)
         from matched where slash = 0
     )
     select name, id, updated_at, created_at, last_accessed_at, metadata from entries
      order by ${order}
      limit $4 offset $5`,
    [bucket, query.prefix + query.search, query.prefix, query.limit, query.offset],
  );
  const isoOrNull = (value: unknown) => (value === null || value === undefined ? null : isoOf(value));
  return rows.map((row) => ({
    name: String(row.name),
    id: textOrNull(row.id),
    updated_at: isoOrNull(row.updated_at),
    created_at: isoOrNull(row.created_at),
    last_accessed_at: isoOrNull(row.last_accessed_at),
    metadata: objectOrNull(row.metadata),
  }));
}
