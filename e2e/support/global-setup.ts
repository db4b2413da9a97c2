import type { TestProject } from 'vitest/node';
import { startBuiltApp } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    anonKey: string;
    adminEmail: string;
    adminPassword: string;
    /** The backend's JWT secret: what `npm run digest` derives the service key from (LOCAL_SUPABASE_JWT_SECRET). */
    jwtSecret: string;
  }
}

/** One app + backend for the whole run; each journey creates the rows it needs and cleans up after itself. */
export default async function setup(project: TestProject) {
  const app = await startBuiltApp();
  project.provide('baseUrl', app.baseUrl);
  project.provide('anonKey', app.anonKey);
  project.provide('adminEmail', app.adminEmail);
  project.provide('adminPassword', app.adminPassword);
  project.provide('jwtSecret', app.jwtSecret);
  return () => app.stop();
}
