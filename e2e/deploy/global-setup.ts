import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildForHostedProject } from './support/hosted-build.ts';
import { copyWorkingTree } from './support/site-copy.ts';
import { startStandInProject, type StandInProject } from './support/stand-in-project.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The stand-in hosted Supabase project (`npm run backend`), e.g. http://127.0.0.1:41234. */
    hostedUrl: string;
    hostedAnonKey: string;
    /** Signs the stand-in's tokens (a test can mint a service_role or an expired token with it). */
    hostedJwtSecret: string;
    hostedAdminEmail: string;
    hostedAdminPassword: string;
    /** A clean copy of the working tree whose dist/ was built for the stand-in: every deploy path serves it. */
    hostedSiteDir: string;
  }
}

/**
 * One stand-in hosted project and one build made for it, as the README's Deploy section makes it, for every deploy
 * path of the suite. Teardown stops the stand-in by its process id and removes both temporary folders.
 */
export default async function setup(project: TestProject) {
  const siteDir = mkdtempSync(join(tmpdir(), 'pfn-deploy-site-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'pfn-deploy-data-'));
  let standIn: StandInProject | undefined;
  const teardown = async () => {
    await standIn?.process.stop();
    rmSync(siteDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    copyWorkingTree(siteDir);
    standIn = await startStandInProject(siteDir, dataDir);
    await buildForHostedProject(siteDir, standIn);
  } catch (error) {
    await teardown();
    throw error;
  }
  project.provide('hostedUrl', standIn.url);
  project.provide('hostedAnonKey', standIn.anonKey);
  project.provide('hostedJwtSecret', standIn.jwtSecret);
  project.provide('hostedAdminEmail', standIn.adminEmail);
  project.provide('hostedAdminPassword', standIn.adminPassword);
  project.provide('hostedSiteDir', siteDir);
  return teardown;
}
