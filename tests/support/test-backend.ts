import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { createFreshDatabase } from '../../local-supabase/src/db/fresh-database.ts';
import { startLocalSupabase } from '../../local-supabase/src/server.ts';
import { createSupabaseClient, type Client } from '../../src/services/client.ts';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  client: Client;
}

export interface TestBackend {
  url: string;
  anonKey: string;
  /** A client with no session: an anonymous reader. */
  anon(): Client;
  /** The seeded administrator, signed in. */
  admin(): Promise<TestUser>;
  /** Registers a new account (pending, since the admin already exists) and signs it in. */
  newUser(name?: string): Promise<TestUser>;
  stop(): Promise<void>;
}

/**
 * A real local backend over HTTP for one test file: in-memory PGlite, or, when DATABASE_URL is set, a fresh
 * database on that PostgreSQL server (created here, dropped in stop()). Listens on 127.0.0.1 only.
 */
export async function startTestBackend(): Promise<TestBackend> {
  const fresh = await createFreshDatabase();
  const backend = await startLocalSupabase({ dataDir: null, databaseUrl: fresh.databaseUrl, quiet: true });
  const server: Server = createServer((req, res) => void backend.handler(req, res));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const newClient = () =>
    createSupabaseClient(url, backend.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });

  async function signedIn(email: string, password: string): Promise<TestUser> {
    const client = newClient();
    const { data, error } = await client.auth.signInWithPassword({ email, password });
    if (error || !data.user) throw new Error(`sign-in of ${email} failed: ${error?.message}`);
    return { id: data.user.id, email, password, client };
  }

  return {
    url,
    anonKey: backend.anonKey,
    anon: newClient,
    admin: () => signedIn(backend.adminEmail, backend.adminPassword),
    async newUser(name = 'Repórter de Teste') {
      const email = `user-${randomUUID().slice(0, 8)}@example.com`;
      const password = 'senha-segura-123';
      const { error } = await newClient().auth.signUp({ email, password, options: { data: { name, role: 'admin' } } });
      if (error) throw new Error(`sign-up failed: ${error.message}`);
      return signedIn(email, password);
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      await backend.close();
      await fresh.drop();
    },
  };
}
