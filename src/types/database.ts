import type { Database as GeneratedDatabase } from './database.generated';

export type { Json } from './database.generated';

// The schema's types as the app uses them: Supabase's generated `Database` (database.generated.ts, written by
// `npm run gen:types`), with the text columns whose CHECK constraint lists their values typed as those values. The
// generator types them `string` (it turns Postgres enums into unions, not CHECK constraints) and the forms and
// filters rely on the unions. tests/database-types.test.ts fails when a list here differs from its constraint.

/** Per table, the columns whose CHECK constraint allows only these values (supabase/migrations). */
export const CHECKED_VALUES = {
  ad_campaigns: { state: ['ativa', 'pausada', 'encerrada'] },
  jobs: { contract_type: ['CLT', 'PJ', 'Estágio', 'Temporário', 'Freelancer'] },
  media_kit_requests: { interest: ['banner-principal', 'banner-lateral', 'banner-materia', 'outros'] },
  news_tips: { status: ['new', 'read', 'used'] },
  newsletter_sends: { state: ['enviando', 'enviado', 'sem_novidades'] },
  profiles: { role: ['admin', 'editor', 'reporter', 'pending'] },
} as const;

type CheckedValues = typeof CHECKED_VALUES;

export type ContractType = CheckedValues['jobs']['contract_type'][number];
export type MediaKitInterest = CheckedValues['media_kit_requests']['interest'][number];
export type NewsTipStatus = CheckedValues['news_tips']['status'][number];
export type ProfileRole = CheckedValues['profiles']['role'][number];
/** A banner space: the media kit's interests but 'outros' (ad_campaigns.space, whose size rules name it too). */
export type AdSpace = Exclude<MediaKitInterest, 'outros'>;
export type CampaignState = CheckedValues['ad_campaigns']['state'][number];
export type DigestSendState = CheckedValues['newsletter_sends']['state'][number];

type GeneratedTables = GeneratedDatabase['public']['Tables'];

/** A Row, Insert or Update shape with the checked columns' `string` replaced by their values (optionality kept). */
type WithCheckedValues<Shape, Checked> = {
  [Column in keyof Shape]: Column extends keyof Checked
    ? Checked[Column] extends readonly string[]
      ? Checked[Column][number]
      : Shape[Column]
    : Shape[Column];
};

type NarrowedTable<Table, Checked> = {
  [Part in keyof Table]: Part extends 'Row' | 'Insert' | 'Update' ? WithCheckedValues<Table[Part], Checked> : Table[Part];
};

/** The `Database` supabase-js is parameterised with. */
export type Database = {
  [Schema in keyof GeneratedDatabase]: Schema extends 'public'
    ? {
        [Part in keyof GeneratedDatabase['public']]: Part extends 'Tables'
          ? {
              [Table in keyof GeneratedTables]: Table extends keyof CheckedValues
                ? NarrowedTable<GeneratedTables[Table], CheckedValues[Table]>
                : GeneratedTables[Table];
            }
          : GeneratedDatabase['public'][Part];
      }
    : GeneratedDatabase[Schema];
};

// The names the app imports.
export type TableName = keyof Database['public']['Tables'];
export type Row<T extends TableName> = Database['public']['Tables'][T]['Row'];
export type InsertRow<T extends TableName> = Database['public']['Tables'][T]['Insert'];
export type UpdateRow<T extends TableName> = Database['public']['Tables'][T]['Update'];
/** Supabase's name for InsertRow, as its generated helpers spell it. */
export type TablesInsert<T extends TableName> = InsertRow<T>;
