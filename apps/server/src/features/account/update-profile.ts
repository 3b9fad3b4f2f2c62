import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ProfileUpdateFields } from '@rv/contracts/api/account';
import { messages } from '@rv/contracts/messages';
import type { UserRow } from '../../auth/session-guard';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Services } from '../../services';
import { processImage } from '../../uploads/process-image';
import type { UploadSource } from '../../uploads/read-multipart';
import { locateIp } from './locate-ip';
import { storedLocation } from './profile-details';
import { pendingEmailChange, requestEmailChange } from './request-email-change';
import { loadUserProfile } from './load-user-profile';

const AVATAR_MAX_WIDTH = 512;

/**
 * Personal Information's save: name, avatar and location are written; a new e-mail waits for its link.
 * The avatar is checked and stored first, so a refused image leaves the profile as it was; a refused
 * e-mail change removes the avatar it stored.
 */
export async function updateProfile(
  services: Services,
  user: UserRow,
  input: { fields: ProfileUpdateFields; avatar: UploadSource | undefined; ip: string },
) {
  const { db } = services.database;
  let avatarKey: string | undefined;
  if (input.avatar) {
    const image = await processImage(input.avatar, { maxWidth: AVATAR_MAX_WIDTH }).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'UNSUPPORTED_MEDIA_TYPE')
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', messages.validation.onlyImages);
      throw error;
    });
    avatarKey = `avatars/${user.id}/${randomBytes(12).toString('base64url')}.webp`;
    await services.storage.put(avatarKey, image.full, 'image/webp');
  }

  // Where the request comes from, by the packaged database; else what the browser sent; else what we had.
  const found = (await locateIp(input.ip)) ?? input.fields.location ?? storedLocation(user.location);
  if (input.fields.email !== user.email) {
    try {
      await requestEmailChange(services, user, input.fields.email);
    } catch (error) {
      if (avatarKey) await services.storage.delete(avatarKey).catch(() => undefined);
      throw error;
    }
  }
  const [updated] = await db
    .update(users)
    .set({ name: input.fields.name, location: found ?? null, ...(avatarKey ? { avatarKey } : {}) })
    .where(eq(users.id, user.id))
    .returning();
  if (avatarKey && user.avatarKey && user.avatarKey !== avatarKey) await services.storage.delete(user.avatarKey).catch(() => undefined);
  return {
    message: messages.account.profileUpdated,
    profile: await loadUserProfile(db, updated!),
    location: found ?? null,
    pendingEmail: await pendingEmailChange(db, user.id),
  };
}
