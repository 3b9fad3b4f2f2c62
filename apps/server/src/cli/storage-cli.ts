import { runOperatorCli } from './operator-cli';

/**
 * `npm run storage -- audit`: lists every stored object (the folder under DATA_DIR, or the S3 bucket)
 * that no row refers to, then "N orphans"; objects recorded for deletion and not yet deleted are counted
 * apart (the deletion job's pending work, ADR 033). Exits 1 when there is an orphan, 2 when the audit
 * failed. With PGlite (no DATABASE_URL) while the server runs, the server audits (its operator channel, ADR 053).
 */
await runOperatorCli('storage');
