import { runOperatorCli } from './operator-cli';

/**
 * `npm run admin -- grant <email>` / `revoke <email>` / `list`: manages the admin role besides
 * ADMIN_EMAILS (which makes its addresses admins at each sign-in). Changes are written to the audit log
 * and apply at once: the role is read from the database on every admin call. With PGlite (no
 * DATABASE_URL) while the server runs, the server makes the change (its operator channel, ADR 053).
 */
await runOperatorCli('admin');
