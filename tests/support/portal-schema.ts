import { buildSchemaCache, type SchemaCache } from '../../local-supabase/src/rest/schema-cache.ts';

/** A schema cache like the portal's, built from catalog rows, for the pure tests (no database). */
export function portalSchema(): SchemaCache {
  return buildSchemaCache({
    tables: [
      {
        name: 'topics',
        columns: [
          { name: 'id', type: 'uuid' },
          { name: 'name', type: 'text' },
          { name: 'slug', type: 'text' },
        ],
        primary_key: ['id'],
      },
      {
        name: 'publications',
        columns: [
          { name: 'id', type: 'uuid' },
          { name: 'title', type: 'text' },
          { name: 'published', type: 'boolean' },
          { name: 'published_at', type: 'timestamp with time zone' },
          { name: 'views', type: 'integer' },
          { name: 'topic_id', type: 'uuid' },
          { name: 'editor_id', type: 'uuid' },
          { name: 'reviewer_id', type: 'uuid' },
        ],
        primary_key: ['id'],
      },
      {
        name: 'comments',
        columns: [
          { name: 'id', type: 'bigint' },
          { name: 'publication_id', type: 'uuid' },
          { name: 'body', type: 'character varying' },
        ],
        primary_key: ['id'],
      },
      { name: 'people', columns: [{ name: 'id', type: 'uuid' }], primary_key: ['id'] },
      { name: 'log', columns: [{ name: 'line', type: 'text' }], primary_key: null },
    ],
    foreign_keys: [
      { constraint: 'publications_topic_id_fkey', table: 'publications', columns: ['topic_id'], ref_table: 'topics', ref_columns: ['id'] },
      { constraint: 'comments_publication_id_fkey', table: 'comments', columns: ['publication_id'], ref_table: 'publications', ref_columns: ['id'] },
      { constraint: 'publications_editor_id_fkey', table: 'publications', columns: ['editor_id'], ref_table: 'people', ref_columns: ['id'] },
      { constraint: 'publications_reviewer_id_fkey', table: 'publications', columns: ['reviewer_id'], ref_table: 'people', ref_columns: ['id'] },
    ],
    functions: [
      {
        name: 'increment_views',
        args: [{ name: 'publication_id', type: 'uuid', mode: 'i' }],
        nargdefaults: 0,
        return_type: 'void',
        return_typtype: 'p',
        returns_set: false,
        volatility: 'v',
      },
      {
        name: 'topics_like',
        args: [
          { name: 'pattern', type: 'text', mode: 'i' },
          { name: 'max', type: 'integer', mode: 'i' },
        ],
        nargdefaults: 1,
        return_type: 'topics',
        return_typtype: 'c',
        returns_set: true,
        volatility: 's',
        return_columns: [
          { name: 'id', type: 'uuid' },
          { name: 'name', type: 'text' },
          { name: 'slug', type: 'text' },
        ],
        return_relation: 'topics',
      },
      {
        // RETURNS TABLE (...): the columns are its TABLE parameters.
        name: 'search',
        args: [
          { name: 'q', type: 'text', mode: 'i' },
          { name: 'after', type: 'timestamp with time zone', mode: 'i' },
          { name: 'id', type: 'uuid', mode: 't' },
          { name: 'title', type: 'text', mode: 't' },
          { name: 'rank', type: 'real', mode: 't' },
        ],
        nargdefaults: 1,
        return_type: 'record',
        return_typtype: 'p',
        returns_set: true,
        volatility: 's',
      },
      {
        // OUT parameters, one row: an object.
        name: 'totals',
        args: [
          { name: 'q', type: 'text', mode: 'i' },
          { name: 'total', type: 'integer', mode: 'o' },
          { name: 'exact', type: 'boolean', mode: 'o' },
        ],
        nargdefaults: 0,
        return_type: 'record',
        return_typtype: 'p',
        returns_set: false,
        volatility: 's',
      },
      {
        name: 'stats',
        args: [
          { name: 'since', type: 'date', mode: 'i' },
          { name: 'total', type: 'bigint', mode: 'o' },
        ],
        nargdefaults: 0,
        return_type: 'bigint',
        return_typtype: 'b',
        returns_set: false,
        volatility: 'i',
      },
      {
        name: 'handle',
        args: [{ name: null, type: 'jsonb', mode: 'i' }],
        nargdefaults: 0,
        return_type: 'jsonb',
        return_typtype: 'b',
        returns_set: false,
        volatility: 'v',
      },
      {
        name: 'slugs',
        args: null,
        nargdefaults: 0,
        return_type: 'text',
        return_typtype: 'b',
        returns_set: true,
        volatility: 's',
      },
    ],
  });
}
