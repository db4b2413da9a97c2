import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { REPOSITORY_ROOT } from '../local-supabase/src/env.ts';
import { BackupConfigError, backupOptionsFrom } from '../server/backup/backup-config.ts';
import { takeBackup } from '../server/backup/take-backup.ts';

// `npm run backup`: one backup now, as the daily job takes it (server/backup/), with the variables and `.env` files
// `npm start` reads (server/start.ts), so it backs up the very database and uploads the site serves.

for (const name of ['.env.production.local', '.env.production', '.env.local', '.env']) {
  const file = resolve(REPOSITORY_ROOT, name);
  if (existsSync(file)) process.loadEnvFile(file);
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let options;
try {
  options = backupOptionsFrom({ ...process.env });
} catch (error) {
  fail(error instanceof BackupConfigError ? error.message : `npm run backup cannot run: ${String(error)}`);
}

const result = await takeBackup(options).catch((error: unknown) =>
  fail(`npm run backup failed: ${error instanceof Error ? error.message : String(error)}`),
);
const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;
console.info(
  `Backup ${result.name} in ${result.path}: database ${megabytes(result.databaseBytes)}, ${result.files} uploaded files (${megabytes(result.fileBytes)})` +
    (result.removed.length > 0 ? `; rotation removed ${result.removed.join(', ')}` : ''),
);
