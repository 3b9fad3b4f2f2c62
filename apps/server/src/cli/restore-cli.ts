import path from 'node:path';
import { repositoryRoot } from '../config/env';
import { exitOnConfigError, loadConfigOrExit } from '../config/load-config-or-exit';
import { TargetNotEmptyError } from '../db/database-backup';
import { DamagedBackupError, RestoreRefusedError, restoreBackup } from '../features/backup/backup-archive';
import { createStorage } from '../storage/create-storage';

/**
 * `npm run restore -- <archive.tar> [--force]`: checks every entry of a backup against its manifest, then
 * puts the database and the stored files back (ADR 060). Never beside a running app: the embedded database
 * is refused while a process holds it (ADR 053), PostgreSQL while another session uses it. A target that
 * holds a database or files is replaced only with --force. A relative path is read from the repository root.
 */
const USAGE = 'Usage: npm run restore -- <archive.tar> [--force]';
const args = process.argv.slice(2);
const force = args.includes('--force');
const [archive, ...others] = args.filter((arg) => arg !== '--force');
if (!archive || archive.startsWith('-') || others.length) {
  console.error(USAGE);
  process.exit(2);
}
const config = loadConfigOrExit();
const file = path.resolve(repositoryRoot(), archive);
try {
  const manifest = await exitOnConfigError(() => restoreBackup(config, createStorage(config), file, { force }));
  console.log(`Restored the database and ${manifest.files.length} files of ${manifest.createdAt} from ${file}`);
} catch (error) {
  if (!(error instanceof TargetNotEmptyError || error instanceof DamagedBackupError || error instanceof RestoreRefusedError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
