import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from '../constants';
import { emailSchema } from '../email';
import { messages } from '../messages';
import { defineMultipart, file, json, text, type MultipartValues } from '../multipart';

export const styleLensSummary = z.object({
  essence: z.string(),
  /** Each a colour value followed by a colour name of one or two words, e.g. "#d9cbb5 warm sand". */
  palette: z.array(z.string().regex(/^#[0-9a-f]{6} [a-z]+( [a-z]+)?$/i)),
  /** Words with an optional parenthesised qualifier, e.g. "oak (light)". */
  materials: z.array(z.string().regex(/^[\w -]+( \([\w -]+\))?$/)),
  forms: z.array(z.string()),
  note: z.string(),
});
export type StyleLensSummary = z.infer<typeof styleLensSummary>;

export const styleLens = z.object({
  stylelens: z.string(),
  human_summary: styleLensSummary,
  styleurls: z.array(z.string()),
});

/** GET /api/user-profile */
export const userProfile = z.object({
  /** The account's id: what this browser keeps for the account (a tool form's draft, ADR 054) is filed under it. */
  id: z.string(),
  name: z.string(),
  email: z.string(),
  userAvatarStorageUrl: z.string().nullable(),
  subscriptionStatus: z.string(),
  stripeCustomerId: z.string().nullable(),
  stripeSubscriptionNextBillingDate: z.string().nullable(),
  transformationsUsed: z.number().int(),
  transformationsLimit: z.number().int(),
  firebaseUUID: z.string().nullable(),
  styleLens: styleLens.nullable(),
  styleSaveStatus: z.boolean(),
  /** Whether the owner has proven the address (a sign-in link opened, or Google); false for an account a checkout made until then. */
  emailConfirmed: z.boolean(),
  /** Whether the account has a password to sign in with (none after the first proof of an account a checkout made, ADR 023). */
  hasPassword: z.boolean(),
  /**
   * A proof of the address (the first sign-in link, Google, or an address change) ended a password set
   * before it in the last ten minutes, and none has been set since: the sign-in lands on the account page,
   * which says so and offers to set one (ADR 056).
   */
  passwordRemoved: z.boolean(),
});
export type UserProfile = z.infer<typeof userProfile>;

export const location = z.object({
  country: z.string().max(100).optional(),
  city: z.string().max(100).optional(),
  region: z.string().max(100).optional(),
  countryCode: z.string().max(4).optional(),
  latitude: z.number().optional(),
  longitude: z.number().optional(),
});

/** PUT /api/user-profile/update: name, e-mail (a new one waits for its link), location, and an optional avatar. */
export const profileUpdateForm = defineMultipart({
  name: text(z.string().trim().max(100)),
  email: text(emailSchema),
  location: json(location.optional()),
  avatar: file({ max: 1 }),
});
export type ProfileUpdateFields = MultipartValues<typeof profileUpdateForm>;

/** POST /api/update-firebase-uuid */
export const updateFirebaseUuidBody = z.object({ firebaseUUID: z.string().min(1).max(200), userEmail: emailSchema });

/** GET /api/me */
export const meBody = z.object({ isAdmin: z.boolean() });

/** POST /api/create-portal-session */
export const portalSessionBody = z.object({ customerId: z.string().max(200).optional(), returnUrl: z.string().max(2000) });
/** The portal's address to go to, or (no billing account yet) why there is none. */
export const portalSessionAnswer = z.union([z.object({ url: z.string() }), z.object({ message: z.string() })]);

/** PUT /api/user-profile/update answers with what was saved: the profile, the location and any e-mail waiting for its link. */
export const profileUpdateAnswer = z.object({
  message: z.string(),
  profile: userProfile,
  location: location.nullable(),
  pendingEmail: z.string().nullable(),
});
export const profileDetailsAnswer = z.object({ location: location.nullable(), pendingEmail: z.string().nullable() });
export const confirmEmailBody = z.object({ token: z.string().min(20).max(200) });
export const confirmEmailAnswer = z.object({ message: z.string(), email: z.string() });
/**
 * POST /api/user-profile/confirm-email/preview: what the link would do, changing nothing (ADR 032): the
 * new address and the address of the account it would join, shown before the explicit press.
 */
export const confirmEmailPreviewAnswer = z.object({ email: z.string(), accountEmail: z.string() });

/**
 * POST /api/account/password: sets a password (an account without one, once its address is proven) or
 * changes it (`currentPassword` required). Every other session of the account ends (ADR 029).
 */
export const accountPasswordBody = z.object({
  newPassword: z.string().min(PASSWORD_MIN, messages.validation.passwordTooShort).max(PASSWORD_MAX),
  currentPassword: z.string().min(1, messages.password.currentRequired).max(PASSWORD_MAX).optional(),
});
export type AccountPasswordBody = z.infer<typeof accountPasswordBody>;
export const accountPasswordAnswer = z.object({ message: z.string(), hasPassword: z.literal(true) });
