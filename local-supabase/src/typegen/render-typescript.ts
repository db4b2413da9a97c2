import type { Catalog, CatalogColumn, CatalogFunction, CatalogFunctionArgument, CatalogRelation } from './catalog.ts';

// The `Database` type of `supabase gen types typescript` (supabase/postgres-meta, src/server/templates/typescript.ts),
// rendered from a Catalog for one schema, with two deliberate differences:
// - a generated column is `?: never` in Insert and Update (supabase makes it optional; Postgres refuses a value), and
// - a column listed in `allowedValueTypes` gets the union of the values its CHECK constraint allows (supabase: string).
// Not rendered: relationships that PostgREST derives through views (this project has no views), and
// `__InternalSupabase` (the CLI adds it only when told the PostgREST version). The layout is prettier's, except that a
// short object is never joined onto one line.

export interface RenderOptions {
  /**
   * Columns (`table.column`) whose `CHECK (column IN (...))` becomes an exported union type of that name, used for the
   * column wherever it appears: `{ 'jobs.contract_type': 'ContractType' }`.
   */
  allowedValueTypes?: Record<string, string>;
  /** Put before everything (a comment saying where the file comes from). */
  header?: string;
  /** Put after supabase's helpers (the project's own aliases). */
  footer?: string;
}

// ---------------------------------------------------------------------------------------------------------------
// A small TypeScript type printer.

type TsType = string | TsObject | TsArray | TsUnion | TsTuple;
interface TsObject {
  kind: 'object';
  members: TsMember[];
}
interface TsMember {
  key: string;
  type: TsType;
  optional?: boolean;
  /** Printed as it is (`[_ in never]`), never quoted. */
  rawKey?: boolean;
}
interface TsArray {
  kind: 'array';
  of: TsType;
}
interface TsUnion {
  kind: 'union';
  of: TsType[];
}
interface TsTuple {
  kind: 'tuple';
  of: TsType[];
}

const object = (members: TsMember[]): TsObject => ({ kind: 'object', members });
const NOTHING = object([{ key: '[_ in never]', type: 'never', rawKey: true }]);

function pad(level: number): string {
  return '  '.repeat(level);
}

function printKey(member: TsMember): string {
  const key = member.rawKey || /^[A-Za-z_$][\w$]*$/.test(member.key) ? member.key : JSON.stringify(member.key);
  return `${key}${member.optional ? '?' : ''}`;
}

function print(type: TsType, level: number): string {
  if (typeof type === 'string') return type;
  switch (type.kind) {
    case 'object':
      if (type.members.length === 0) return '{}';
      return `{\n${type.members.map((member) => printMember(member, level + 1)).join('\n')}\n${pad(level)}}`;
    case 'array': {
      const inner = print(type.of, level);
      return typeof type.of === 'object' && type.of.kind === 'union' ? `(${inner})[]` : `${inner}[]`;
    }
    case 'union': {
      // Alternatives that are objects (overloads) go one per line; `{ ... } | null` stays on one.
      if (type.of.filter((alternative) => typeof alternative !== 'string').length <= 1) {
        return type.of.map((alternative) => print(alternative, level)).join(' | ');
      }
      return type.of.map((alternative) => `\n${pad(level + 1)}| ${print(alternative, level + 2)}`).join('');
    }
    case 'tuple':
      if (type.of.length === 0) return '[]';
      return `[${type.of.map((element) => `\n${pad(level + 1)}${print(element, level + 1)},`).join('')}\n${pad(level)}]`;
  }
}

/** `name: type`, the type on the following lines when it is a union of objects, as prettier does. */
function printMember(member: TsMember, level: number): string {
  const type = print(member.type, level);
  return `${pad(level)}${printKey(member)}:${type.startsWith('\n') ? '' : ' '}${type}`;
}

// ---------------------------------------------------------------------------------------------------------------

const NUMBER_TYPES = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric']);
const STRING_TYPES = new Set([
  'bytea', 'bpchar', 'varchar', 'date', 'text', 'citext', 'time', 'timetz', 'timestamp', 'timestamptz', 'uuid',
  'vector', 'interval',
]);
/** Types PostgREST accepts for a single unnamed argument (the request body). */
const UNNAMED_ARGUMENT_TYPES = new Set(['json', 'jsonb', 'text']);
const INPUT_MODES = new Set<CatalogFunctionArgument['mode']>(['in', 'inout', 'variadic']);

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

function nullable(type: TsType, isNullable: boolean): TsType {
  // unknown already includes null.
  if (!isNullable || type === 'unknown' || type === 'any') return type;
  return { kind: 'union', of: [type, 'null'] };
}

const literalUnion = (values: string[]): string => values.map((value) => JSON.stringify(value)).join(' | ');

interface IncludedFunction {
  fn: CatalogFunction;
  /** Sorted by name, as supabase sorts them. */
  args: CatalogFunctionArgument[];
  inArgs: CatalogFunctionArgument[];
}

/** Renders the whole file: Json, Database, supabase's helper types and Constants. */
export function renderTypeScript(catalog: Catalog, options: RenderOptions = {}): string {
  const { schema } = catalog;
  const quotedSchema = JSON.stringify(schema);
  const allowedValueTypes = options.allowedValueTypes ?? {};
  const relations = [...catalog.relations].sort(byName);
  const tables = relations.filter((relation) => relation.kind === 'table');
  const views = relations.filter((relation) => relation.kind !== 'table');
  const relationById = new Map(relations.map((relation) => [relation.id, relation]));
  const enums = catalog.types.filter((type) => type.enumValues.length > 0);
  const composites = catalog.types.filter((type) => type.attributes.length > 0);

  const unusedAliases = new Set(Object.keys(allowedValueTypes));
  const aliasValues = new Map<string, string[]>();

  function pgTypeToTs(typeName: string): string {
    if (typeName === 'bool') return 'boolean';
    if (NUMBER_TYPES.has(typeName)) return 'number';
    if (STRING_TYPES.has(typeName)) return 'string';
    if (typeName === 'json' || typeName === 'jsonb') return 'Json';
    if (typeName === 'void') return 'undefined';
    if (typeName === 'record') return 'Record<string, unknown>';
    if (typeName.startsWith('_')) {
      const inner = pgTypeToTs(typeName.slice(1));
      return inner.includes('|') ? `(${inner})[]` : `${inner}[]`;
    }
    const preferOwn = <T extends { schema: string }>(found: T[]) => found.find((type) => type.schema === schema) ?? found[0];
    const enumType = preferOwn(enums.filter((type) => type.name === typeName));
    if (enumType) {
      return enumType.schema === schema
        ? `Database[${quotedSchema}]["Enums"][${JSON.stringify(enumType.name)}]`
        : literalUnion(enumType.enumValues);
    }
    const composite = preferOwn(composites.filter((type) => type.name === typeName));
    if (composite) {
      return composite.schema === schema ? `Database[${quotedSchema}]["CompositeTypes"][${JSON.stringify(composite.name)}]` : 'unknown';
    }
    if (tables.some((table) => table.name === typeName)) return `Database[${quotedSchema}]["Tables"][${JSON.stringify(typeName)}]["Row"]`;
    if (views.some((view) => view.kind === 'view' && view.name === typeName)) {
      return `Database[${quotedSchema}]["Views"][${JSON.stringify(typeName)}]["Row"]`;
    }
    return 'unknown';
  }

  function columnType(relation: CatalogRelation, column: CatalogColumn): string {
    const key = `${relation.name}.${column.name}`;
    const alias = allowedValueTypes[key];
    if (alias === undefined) return pgTypeToTs(column.type);
    if (!column.allowedValues) throw new Error(`${key} has no CHECK (${column.name} IN (...)) to take ${alias} from`);
    unusedAliases.delete(key);
    aliasValues.set(alias, column.allowedValues);
    return alias;
  }

  const sortedColumns = (relation: CatalogRelation) => [...relation.columns].sort(byName);

  // Which functions PostgREST can call (supabase's rule): no input, named inputs, or one unnamed input it can fill.
  const included: IncludedFunction[] = [];
  for (const fn of catalog.functions) {
    const args = [...fn.args].sort(byName);
    const inArgs = args.filter((arg) => INPUT_MODES.has(arg.mode));
    const unnamed = inArgs.filter((arg) => arg.name === '');
    const callable =
      unnamed.length === 0 ||
      unnamed.every((arg) => arg.hasDefault && UNNAMED_ARGUMENT_TYPES.has(arg.type)) ||
      (inArgs.length === 1 && unnamed.length === 1 && (UNNAMED_ARGUMENT_TYPES.has(inArgs[0]?.type ?? '') || Boolean(inArgs[0]?.isRowType)));
    if (callable) included.push({ fn, args, inArgs });
  }
  included.sort((a, b) => a.fn.name.localeCompare(b.fn.name));

  /** The table, view or composite type a function returns rows of, by name. */
  const returnedRelationName = (fn: CatalogFunction): string | null =>
    fn.returnRelationId === null ? null : (relationById.get(fn.returnRelationId)?.name ?? fn.returnType);

  function functionReturnType({ fn, args }: IncludedFunction): TsType {
    const tableColumns = args.filter((arg) => arg.mode === 'table');
    if (tableColumns.length > 0) return object(tableColumns.map((arg) => ({ key: arg.name, type: pgTypeToTs(arg.type) })));
    const relation = fn.returnRelationId === null ? undefined : relationById.get(fn.returnRelationId);
    if (relation) {
      return object(sortedColumns(relation).map((column) => ({ key: column.name, type: nullable(columnType(relation, column), column.nullable) })));
    }
    return pgTypeToTs(fn.returnType);
  }

  function setofOptions({ fn, args }: IncludedFunction): TsObject | null {
    const to = returnedRelationName(fn);
    if (!to) return null;
    const returnsMultipleRows = fn.rows !== null && fn.rows > 1;
    const returnsSetOfTable = fn.returnsSet && fn.returnRelationId !== null;
    let from = '"*"';
    let isOneToOne = !returnsMultipleRows;
    let isSetofReturn = fn.returnsSet;
    // An embedded function: its one argument is a row of another relation.
    const only = args.length === 1 ? args[0] : undefined;
    if (only?.isRowType) {
      from = JSON.stringify(only.typeFormat);
      if (!returnsSetOfTable) {
        isOneToOne = true;
        isSetofReturn = false;
      } else {
        isSetofReturn = true;
      }
    }
    return object([
      { key: 'from', type: from },
      { key: 'to', type: JSON.stringify(to) },
      { key: 'isOneToOne', type: String(isOneToOne) },
      { key: 'isSetofReturn', type: String(isSetofReturn) },
    ]);
  }

  function conflictError(overloads: IncludedFunction[], current: IncludedFunction): string | null {
    if (overloads.length <= 1) return null;
    const { fn, inArgs } = current;
    const others = overloads.filter((other) => other !== current);
    if (inArgs.length === 0) {
      const conflicting = others.find(({ inArgs: theirs }) => theirs.length === 1 && theirs[0]?.name === '' && theirs[0].hasDefault);
      if (conflicting) {
        return `Could not choose the best candidate function between: ${schema}.${fn.name}(), ${schema}.${fn.name}( => ${conflicting.fn.returnType}). Try renaming the parameters or the function itself in the database so function overloading can be resolved`;
      }
    }
    const first = inArgs[0];
    if (inArgs.length === 1 && first && first.name !== '') {
      const conflicting = others.filter(
        ({ inArgs: theirs }) => theirs.length === 1 && theirs[0]?.name === first.name && theirs[0].typeOid !== first.typeOid,
      );
      if (conflicting.length > 0) {
        const list = [current, ...conflicting]
          .sort((a, b) => (a.inArgs[0]?.typeOid ?? 0) - (b.inArgs[0]?.typeOid ?? 0))
          .map((overload) => `${schema}.${fn.name}(${overload.inArgs.map((arg) => `${arg.name} => ${arg.type}`).join(', ')})`)
          .join(', ');
        return `Could not choose the best candidate function between: ${list}. Try renaming the parameters or the function itself in the database so function overloading can be resolved`;
      }
    }
    return null;
  }

  function signature(overloads: IncludedFunction[], current: IncludedFunction): TsObject {
    const { fn, inArgs } = current;
    const argsType: TsType =
      inArgs.length === 0 ? 'never' : object(inArgs.map((arg) => ({ key: arg.name, optional: arg.hasDefault, type: pgTypeToTs(arg.type) })));
    let returns: TsType = functionReturnType(current);
    const conflict = conflictError(overloads, current);
    const only = inArgs.length === 1 ? inArgs[0] : undefined;
    if (conflict) {
      returns = `{ error: true } & ${JSON.stringify(conflict)}`;
    } else if (only && only.name === '' && only.isRowType && !returnedRelationName(fn)) {
      returns = `{ error: true } & ${JSON.stringify(`the function ${schema}.${fn.name} with parameter or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache`)}`;
    }
    // A ROWS 1 estimate drops the array only where SetofOptions tells postgrest-js how to restore it.
    const collapsibleSingleRow = !(fn.rows !== null && fn.rows > 1) && returnedRelationName(fn) !== null;
    if (fn.returnsSet && !collapsibleSingleRow) returns = { kind: 'array', of: returns };
    const members: TsMember[] = [
      { key: 'Args', type: argsType },
      { key: 'Returns', type: returns },
    ];
    const setof = setofOptions(current);
    if (setof) members.push({ key: 'SetofOptions', type: setof });
    return object(members);
  }

  /** Functions taking one of this relation's rows: PostgREST serves them as extra columns (computed fields). */
  const computedFields = (relation: CatalogRelation): TsMember[] =>
    included
      .filter(({ fn }) => fn.argumentTypes === relation.name)
      .map((entry) => ({ key: entry.fn.name, type: nullable(functionReturnType(entry), true) }));

  const rowType = (relation: CatalogRelation) =>
    object([
      ...sortedColumns(relation).map((column) => ({ key: column.name, type: nullable(columnType(relation, column), column.nullable) })),
      ...computedFields(relation),
    ]);

  function relationships(relation: CatalogRelation): TsTuple {
    const strings = (values: string[]) => `[${values.map((value) => JSON.stringify(value)).join(', ')}]`;
    const own = relation.relationships
      .filter((relationship) => relationship.referencedSchema === schema)
      .sort(
        (a, b) =>
          a.foreignKeyName.localeCompare(b.foreignKeyName) ||
          a.referencedRelation.localeCompare(b.referencedRelation) ||
          JSON.stringify(a.referencedColumns).localeCompare(JSON.stringify(b.referencedColumns)),
      );
    return {
      kind: 'tuple',
      of: own.map((relationship) =>
        object([
          { key: 'foreignKeyName', type: JSON.stringify(relationship.foreignKeyName) },
          { key: 'columns', type: strings(relationship.columns) },
          { key: 'isOneToOne', type: String(relationship.isOneToOne) },
          { key: 'referencedRelation', type: JSON.stringify(relationship.referencedRelation) },
          { key: 'referencedColumns', type: strings(relationship.referencedColumns) },
        ]),
      ),
    };
  }

  const tableTypes = tables.map(
    (table): TsMember => ({
      key: table.name,
      type: object([
        { key: 'Row', type: rowType(table) },
        {
          key: 'Insert',
          type: object(
            sortedColumns(table).map((column) =>
              column.identity === 'ALWAYS' || column.generated
                ? { key: column.name, optional: true, type: 'never' }
                : {
                    key: column.name,
                    optional: column.nullable || column.identity !== null || column.hasDefault,
                    type: nullable(columnType(table, column), column.nullable),
                  },
            ),
          ),
        },
        {
          key: 'Update',
          type: object(
            sortedColumns(table).map((column) => ({
              key: column.name,
              optional: true,
              type: column.identity === 'ALWAYS' || column.generated ? 'never' : nullable(columnType(table, column), column.nullable),
            })),
          ),
        },
        { key: 'Relationships', type: relationships(table) },
      ]),
    }),
  );

  const viewTypes = views.map((view): TsMember => {
    const writable = () =>
      object(
        sortedColumns(view).map((column) =>
          column.updatable
            ? { key: column.name, optional: true, type: nullable(columnType(view, column), true) }
            : { key: column.name, optional: true, type: 'never' },
        ),
      );
    return {
      key: view.name,
      type: object([
        { key: 'Row', type: rowType(view) },
        ...(view.kind === 'view' && view.isUpdatable
          ? [
              { key: 'Insert', type: writable() },
              { key: 'Update', type: writable() },
            ]
          : []),
        { key: 'Relationships', type: { kind: 'tuple', of: [] } },
      ]),
    };
  });

  const overloadsByName = new Map<string, IncludedFunction[]>();
  for (const entry of included) overloadsByName.set(entry.fn.name, [...(overloadsByName.get(entry.fn.name) ?? []), entry]);
  const functionTypes = [...overloadsByName].map(([name, overloads]): TsMember => {
    const sorted = [...overloads].sort((a, b) => a.fn.argumentTypes.localeCompare(b.fn.argumentTypes) || a.fn.result.localeCompare(b.fn.result));
    const signatures = sorted.map((entry) => signature(sorted, entry));
    return { key: name, type: signatures.length === 1 ? (signatures[0] as TsObject) : { kind: 'union', of: signatures } };
  });

  const ownEnums = enums.filter((type) => type.schema === schema).sort(byName);
  const ownComposites = composites.filter((type) => type.schema === schema).sort(byName);
  const schemaType = object([
    { key: 'Tables', type: tableTypes.length > 0 ? object(tableTypes) : NOTHING },
    { key: 'Views', type: viewTypes.length > 0 ? object(viewTypes) : NOTHING },
    { key: 'Functions', type: functionTypes.length > 0 ? object(functionTypes) : NOTHING },
    { key: 'Enums', type: ownEnums.length > 0 ? object(ownEnums.map((type) => ({ key: type.name, type: literalUnion(type.enumValues) }))) : NOTHING },
    {
      key: 'CompositeTypes',
      type:
        ownComposites.length > 0
          ? object(
              ownComposites.map((type) => ({
                key: type.name,
                type: object(type.attributes.map((attribute) => ({ key: attribute.name, type: nullable(pgTypeToTs(attribute.type), true) }))),
              })),
            )
          : NOTHING,
    },
  ]);
  const database = `export type Database = {\n${printMember({ key: schema, type: schemaType }, 1)}\n}`;

  if (unusedAliases.size > 0) throw new Error(`allowedValueTypes names unknown columns: ${[...unusedAliases].join(', ')}`);
  const aliases = [...aliasValues].map(([alias, values]) => `export type ${alias} = ${literalUnion(values)}\n`).join('');

  const constants = `export const Constants = {\n  ${printKey({ key: schema, type: '' })}: {\n    Enums: {${
    ownEnums.length > 0
      ? `\n${ownEnums.map((type) => `      ${printKey({ key: type.name, type: '' })}: [${type.enumValues.map((value) => JSON.stringify(value)).join(', ')}],\n`).join('')}    `
      : ''
  }},\n  },\n} as const\n`;

  return [
    options.header ?? '',
    JSON_TYPE,
    aliases,
    `${database}\n`,
    helpers(schema),
    constants,
    options.footer ?? '',
  ]
    .filter((part) => part !== '')
    .join('\n');
}

const JSON_TYPE = `export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]
`;

/** supabase's Tables<>, TablesInsert<>, TablesUpdate<>, Enums<> and CompositeTypes<> helpers, as it prints them. */
/** supabase's TablesInsert and TablesUpdate helpers, which differ only in the part of the table they pick. */
function tableWriteHelper(name: string, key: 'Insert' | 'Update', letter: string): string {
  return `export type ${name}<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      ${key}: infer ${letter}
    }
    ? ${letter}
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        ${key}: infer ${letter}
      }
      ? ${letter}
      : never
    : never

`;
}

function helpers(schema: string): string {
  return `type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, ${JSON.stringify(schema)}>]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

${tableWriteHelper('TablesInsert', 'Insert', 'I')}${tableWriteHelper('TablesUpdate', 'Update', 'U')}export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never
`;
}
