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
 */
export async function requestSignInLink(services: Services, email: string): Promise<void> {
  const [user] = await services.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new AppError('NOT_FOUND', messages.auth.noAccount);
  const token = newMagicLinkToken();
  const context = await services.auth.$context;
  const record: MagicLinkRecord = { type: 'magic-link', email };
  await context.internalAdapter.createVerificationValue({
    identifier: magicLinkIdentifier(token),
    value: JSON.stringify(record),
    expiresAt: new Date(Date.now() + SIGN_IN_LINK_TTL_MS),
  });
  await services.database.db.update(users).set({ signinRequestedAt: new Date() }).where(eq(users.id, user.id));
  const link = new URL('/process-login', services.config.PUBLIC_URL);
  link.searchParams.set('email', email);
  link.searchParams.set('token', token);
  await enqueueMail(
    services.jobs,
    renderMail({
      to: email,
      subject: 'Your Room Visualizer sign-in link',
      paragraphs: [
        'Hello,',
        'Use the button below to sign in to Room Visualizer. The link works once and expires in 10 minutes.',
        "If you didn't ask to sign in, you can safely ignore this e-mail: nobody can sign in without this link.",
      ],
      action: { label: 'Sign in to Room Visualizer', url: link.toString() },
    }),
  );
}
