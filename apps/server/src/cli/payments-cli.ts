import { runOperatorCli } from './operator-cli';

/**
 * `npm run payments -- renew <email>`: advances the local provider's clock for that subscriber to the
 * next period (a renewal that resets credits, or the end of a cancelled subscription), for demos and tests.
 * With PGlite (no DATABASE_URL) while the server runs, the server renews (its operator channel, ADR 053).
 */
await runOperatorCli('payments');
