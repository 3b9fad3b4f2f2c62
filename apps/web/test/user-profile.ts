import type { UserProfile } from '@rv/contracts/api/account';

type StyleLens = NonNullable<UserProfile['styleLens']>;

/** A StyleLens as the profile carries it: six palette colours, three photos, unless `overrides` say otherwise. */
export function styleLens(overrides: Partial<StyleLens> = {}): StyleLens {
  return {
    stylelens: 'Warm minimalism with natural textures.',
    human_summary: {
      essence: 'Calm, warm rooms of pale wood and linen.',
      palette: ['#d9cbb5 warm sand', '#f4efe6 soft white', '#6b7b5e sage green', '#3b3a36 charcoal', '#b08d57 brass', '#8a6f5a walnut'],
      materials: ['oak (light)', 'linen', 'brass'],
      forms: ['low rounded sofas', 'arched mirrors'],
      note: 'Keep clutter off the surfaces.',
    },
    styleurls: ['/api/files/style/u1/1.webp', '/api/files/style/u1/2.webp', '/api/files/style/u1/3.webp'],
    ...overrides,
  };
}

/** The signed-in subscriber Robin's profile: no StyleLens, 3 of 20 transformations used, unless `overrides` say otherwise. */
export function userProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    id: 'user-robin',
    name: 'Robin',
    email: 'robin@example.com',
    userAvatarStorageUrl: null,
    subscriptionStatus: 'active',
    stripeCustomerId: 'cus_1',
    stripeSubscriptionNextBillingDate: null,
    transformationsUsed: 3,
    transformationsLimit: 20,
    firebaseUUID: null,
    styleLens: null,
    styleSaveStatus: false,
    emailConfirmed: true,
    hasPassword: true,
    passwordRemoved: false,
    ...overrides,
  };
}
