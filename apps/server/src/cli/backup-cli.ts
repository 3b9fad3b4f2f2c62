import path from 'node:path';
import { repositoryRoot } from '../config/env';
import { runOperatorCli } from './operator-cli';

/**
 * `npm run backup -- <archive.tar>`: the database (PGlite's folder or pg_dump's custom format) and every
 * stored file (the folder under DATA_DIR or the S3 bucket) in one new tar archive with a manifest of
 * checksums (ADR 060). With PGlite (no DATABASE_URL) while the server runs, the server writes it (its
 * operator channel, ADR 053): the embedded database has one writer. A relative path is read from the
 * repository root, as DATA_DIR is.
 */
const [archive, ...rest] = process.argv.slice(2);
await runOperatorCli('backup', [
  ...(archive && !archive.startsWith('-') ? [path.resolve(repositoryRoot(), archive)] : archive ? [archive] : []),
  ...rest,
]);
