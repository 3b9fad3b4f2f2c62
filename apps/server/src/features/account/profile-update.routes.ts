import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { location, profileUpdateFields } from '@rv/contracts/api/account';
import { messages } from '@rv/contracts/messages';
import { routes } from '@rv/contracts/routes/routes';
import { requireUser } from '../../auth/session-guard';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hitRateLimit } from '../../lib/rate-limit';
import { route } from '../../lib/route';
import type { Services } from '../../services';
import { processImage } from '../../uploads/process-image';
import { readMultipart } from '../../uploads/read-multipart';
import { toUserProfile } from './user-profile';
import { confirmEmailChange, emailChanged } from './confirm-email-change';
import { locateIp, type Location } from './locate-ip';
import { pendingEmailChange, requestEmailChange } from './request-email-change';

const MINUTE = 60_000;
const AVATAR_MAX_WIDTH = 512;

function parseLocation(raw: string | undefined): Location | undefined {
  if (!raw) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new AppError('BAD_REQUEST', 'The location was not valid JSON.');
  }
  return location.parse(json);
}

const storedLocation = (value: Record<string, string | number> | null): Location | null => {
  const parsed = location.safeParse(value ?? undefined);
  return parsed.success && value ? parsed.data : null;
};

/** Personal Information: save the profile (name, avatar, location; a new e-mail waits for its link), and confirm a new e-mail. */
export const profileUpdateRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services.database;

  const tags = ['account'];

  route(
    app,
    routes.updateProfile,
    async (request) => {
      const user = await requireUser(services, request);
      await hitRateLimit(db, `profile-update:user:${user.id}`, 20, MINUTE);
      const { fields, files } = await readMultipart(request, { maxFiles: 1 });
      const parsed = profileUpdateFields.parse(fields);
      const sentLocation = parseLocation(parsed.location);
      const avatarFile = files.find((f) => f.field === 'avatar');
      if (files.length && !avatarFile) throw new AppError('BAD_REQUEST', 'Only an avatar file can be sent with the profile.');

      // The avatar is checked and stored first: a refused image leaves the profile as it was.
      let avatarKey: string | undefined;
      if (avatarFile) {
        const image = await processImage(avatarFile.source, { maxWidth: AVATAR_MAX_WIDTH }).catch((error: unknown) => {
          if (error instanceof AppError && error.code === 'UNSUPPORTED_MEDIA_TYPE')
            throw new AppError('UNSUPPORTED_MEDIA_TYPE', messages.validation.onlyImages);
          throw error;
        });
        avatarKey = `avatars/${user.id}/${randomBytes(12).toString('base64url')}.webp`;
        await services.storage.put(avatarKey, image.full, 'image/webp');
      }

      // Where the request comes from, by the packaged database; else what the browser sent; else what we had.
      const found = (await locateIp(request.ip)) ?? sentLocation ?? storedLocation(user.location);
      if (parsed.email !== user.email) {
        try {
          await requestEmailChange(services, user, parsed.email);
        } catch (error) {
          if (avatarKey) await services.storage.delete(avatarKey).catch(() => undefined);
          throw error;
        }
      }
      const [updated] = await db
        .update(users)
        .set({ name: parsed.name, location: found ?? null, ...(avatarKey ? { avatarKey } : {}) })
        .where(eq(users.id, user.id))
        .returning();
      if (avatarKey && user.avatarKey && user.avatarKey !== avatarKey) await services.storage.delete(user.avatarKey).catch(() => undefined);
      return {
        status: 200,
        body: {
          message: messages.account.profileUpdated,
          profile: toUserProfile(updated!),
          location: found ?? null,
          pendingEmail: await pendingEmailChange(db, user.id),
        },
      };
    },
    { tags },
  );

  route(
    app,
    routes.profileDetails,
    async (request) => {
      const user = await requireUser(services, request);
      return { status: 200, body: { location: storedLocation(user.location), pendingEmail: await pendingEmailChange(db, user.id) } };
    },
    { tags },
  );

  route(
    app,
    routes.confirmEmail,
    async (request) => {
      await hitRateLimit(db, `confirm-email:ip:${request.ip}`, 20, MINUTE);
      const { email } = await confirmEmailChange(services, request.body.token);
      return { status: 200, body: { message: emailChanged(email), email } };
    },
    { tags },
  );
};
