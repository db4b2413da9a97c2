const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether an address's id can name a row at all. Every table's id is a uuid: anything else is known to match
 * nothing before asking, and asking would earn a 400 (22P02) that the browser logs as an error.
 */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
