import { eq } from 'drizzle-orm';
import pino from 'pino';
import { normalizeEmail } from '@rv/contracts/email';
import { exitOnConfigError, loadConfigOrExit } from '../config/load-config-or-exit';
import { users } from '../db/schema';
import { closeServices, createServices } from '../composition-root';
import { isLocalPayments } from '../payments/create-payments';

/**
 * `npm run payments -- renew <email>`: advances the local provider's clock for that subscriber to the
 * next period (a renewal that resets credits, or the end of a cancelled subscription), for demos and tests.
 */
const [command, rawEmail] = process.argv.slice(2);
if (command !== 'renew' || !rawEmail) {
  console.error('Usage: npm run payments -- renew <email>');
  process.exit(2);
}
const config = loadConfigOrExit();
const services = await exitOnConfigError(() => createServices(config, pino({ level: 'warn', hooks: { streamWrite: config.redactSecrets } })));
try {
  if (!isLocalPayments(services.payments)) throw new Error('renew works with PAYMENTS=local only; Stripe renews by itself.');
  const [user] = await services.database.db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(rawEmail)));
  if (!user?.stripeSubscriptionId) throw new Error(`No subscriber with the e-mail ${rawEmail}.`);
  const subscription = await services.payments.renew(user.stripeSubscriptionId);
  console.log(`${user.email}: ${subscription.status}, next billing date ${subscription.currentPeriodEnd.toISOString().slice(0, 10)}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await closeServices(services);
}
