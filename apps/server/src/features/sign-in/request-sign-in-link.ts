import { eq } from 'drizzle-orm';
import { SIGN_IN_LINK_TTL_MS } from '@rv/contracts/constants';
import { messages } from '@rv/contracts/messages';
import { magicLinkIdentifier, newMagicLinkToken, type MagicLinkRecord } from '../../auth/magic-link-token';
import { users } from '../../db/schema';
import { enqueueMail } from '../../jobs/send-mail-job';
import { AppError } from '../../lib/app-error';
import { renderMail } from '../../mail/render-mail';
import type { Services } from '../../services';

/**
 * Sends a sign-in link to an existing account: a random token (only its hash is stored), valid ten
 * minutes, single use, mailed through the mail job so a slow mail server never holds up the request.
 * Opening it proves the address (the first proof ends what existed before it: auth/first-proof.ts).
 */
export async function requestSignInLink(services: Services, email: string): Promise<void> {
  const [user] = await services.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new AppError('NOT_FOUND', messages.auth.noAccount);
  await mailSignInLink(services, email, {
    subject: 'Your Room Visualizer sign-in link',
    paragraphs: [
      'Hello,',
      'Use the button below to sign in to Room Visualizer. The link works once and expires in 10 minutes.',
      "If you didn't ask to sign in, you can safely ignore this e-mail: nobody can sign in without this link.",
    ],
    label: 'Sign in to Room Visualizer',
  });
}

/**
 * The welcome e-mail of an account a checkout made: its link signs in and confirms the address, which
 * the account needs before anyone else's sign-in to it stops counting.
 */
export async function sendWelcomeMail(services: Services, email: string): Promise<void> {
  await mailSignInLink(services, email, {
    subject: 'Welcome to Room Visualizer: confirm your e-mail',
    paragraphs: [
      'Hello, and welcome to Room Visualizer!',
      'Your subscription is active. Please confirm that this e-mail address is yours with the button below: it signs you in and secures your account. The link works once and expires in 10 minutes; your account page sends a new one.',
      "If you didn't subscribe, you can ignore this e-mail: opening the link gives the account to whoever owns this address.",
    ],
    label: 'Confirm my e-mail',
  });
}

async function mailSignInLink(
  services: Services,
  email: string,
  mail: { subject: string; paragraphs: string[]; label: string },
): Promise<void> {
  const token = newMagicLinkToken();
  const context = await services.auth.$context;
  const record: MagicLinkRecord = { type: 'magic-link', email };
  await context.internalAdapter.createVerificationValue({
    identifier: magicLinkIdentifier(token),
    value: JSON.stringify(record),
    expiresAt: new Date(Date.now() + SIGN_IN_LINK_TTL_MS),
  });
  await services.database.db.update(users).set({ signinRequestedAt: new Date() }).where(eq(users.email, email));
  const link = new URL('/process-login', services.config.PUBLIC_URL);
  link.searchParams.set('email', email);
  link.searchParams.set('token', token);
  await enqueueMail(
    services.jobs,
    renderMail({ to: email, subject: mail.subject, paragraphs: mail.paragraphs, action: { label: mail.label, url: link.toString() } }),
  );
}
