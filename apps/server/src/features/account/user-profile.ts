import { fileUrl } from '@rv/contracts/files';
import type { StyleLensSummary } from '@rv/contracts/api/account';
import type { UserRow } from '../../auth/session-guard';
import type { StoredStyleSummary } from '../../db/row-types';

/** A stored StyleLens summary as the API answers it. */
function toStyleLensSummary(stored: StoredStyleSummary): StyleLensSummary {
  return { essence: stored.essence, palette: stored.palette, materials: stored.materials, forms: stored.forms, note: stored.note };
}

/**
 * How long after a proof ended a password the profile says so: the sign-in that made the proof lands on the
 * account page with the notice (ADR 056). Not longer: a person who signs in by link from then on, by choice,
 * goes where they were going, and the Password section still says they have none.
 */
export const PASSWORD_REMOVED_TOLD_MS = 10 * 60 * 1000;

/** The profile fields (docs/product-rules.md#profile), from the user's row (and whether they have a password, from their credential). */
export function toUserProfile(user: UserRow, credential: { hasPassword: boolean }) {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    userAvatarStorageUrl: user.avatarKey ? fileUrl(user.avatarKey) : null,
    subscriptionStatus: user.subscriptionStatus,
    stripeCustomerId: user.stripeCustomerId,
    stripeSubscriptionNextBillingDate: user.currentPeriodEnd?.toISOString() ?? null,
    transformationsUsed: user.transformationsUsed,
    transformationsLimit: user.transformationsLimit,
    firebaseUUID: user.firebaseUuid,
    styleLens: user.styleLens
      ? {
          stylelens: user.styleLens.stylelens,
          human_summary: toStyleLensSummary(user.styleLens.human_summary),
          styleurls: user.styleLens.photoKeys.map(fileUrl),
        }
      : null,
    styleSaveStatus: user.styleSaveStatus,
    emailConfirmed: user.emailProvenAt !== null,
    hasPassword: credential.hasPassword,
    passwordRemoved:
      user.passwordRemovedAt !== null &&
      !credential.hasPassword &&
      Date.now() - user.passwordRemovedAt.getTime() < PASSWORD_REMOVED_TOLD_MS,
  };
}
