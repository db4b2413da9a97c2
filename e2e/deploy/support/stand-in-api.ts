import { hosted } from './hosted.ts';

// Rows a journey needs on the stand-in hosted project, made over its HTTP API as the administrator, as the panel's
// own requests make them (the panel itself is driven by the newsroom journey).

async function adminToken(): Promise<string> {
  const { url, anonKey, admin } = hosted();
  const response = await fetch(`${url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  if (!response.ok) throw new Error(`administrator sign-in → ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** GET /rest/v1/<table>?<query> as an anonymous reader. */
export async function selectAsReader<Row>(table: string, query: string): Promise<Row[]> {
  const { url, anonKey } = hosted();
  const response = await fetch(`${url}/rest/v1/${table}?${query}`, { headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` } });
  if (!response.ok) throw new Error(`GET ${table} → ${response.status} ${await response.text()}`);
  return (await response.json()) as Row[];
}

/** Inserts one row as the administrator and returns it as stored. */
export async function insertAsAdmin<Row>(table: string, row: Record<string, unknown>): Promise<Row> {
  const { url, anonKey } = hosted();
  const response = await fetch(`${url}/rest/v1/${table}`, {
    method: 'POST',
    headers: {
      apikey: anonKey,
      Authorization: `Bearer ${await adminToken()}`,
      'Content-Type': 'application/json',
      Prefer: 'return=representation',
    },
    body: JSON.stringify(row),
  });
  if (!response.ok) throw new Error(`POST ${table} → ${response.status} ${await response.text()}`);
  const [stored] = (await response.json()) as Row[];
  if (!stored) throw new Error(`POST ${table} returned no row`);
  return stored;
}
