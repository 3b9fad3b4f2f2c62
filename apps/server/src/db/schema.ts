import { sql } from 'drizzle-orm';
import type { DesignBrief, ItemRole } from '../domain/design-brief';
import type { StoredConsistency, StoredLocation, StoredLook, StoredShoppableItem, StoredStyleLens, StoredTaskInput } from './row-types';
import { bigint, boolean, check, index, integer, jsonb, pgTable, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { DesignTaskKind, DesignTool, EngineKind, EngineName, ResultImageKind, WorkStatus } from '@rv/contracts/domain';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/**
 * Users: better-auth's user table (id, name, email, emailVerified, image, role...) carrying the
 * profile fields of docs/product-rules.md#profile.
 */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull().default(''),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    role: text('role').notNull().default('user'),
    banned: boolean('banned').default(false),
    banReason: text('ban_reason'),
    banExpires: timestamp('ban_expires', { withTimezone: true }),
    avatarKey: text('avatar_key'),
    subscriptionStatus: text('subscription_status').notNull().default('none'),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    transformationsUsed: integer('transformations_used').notNull().default(0),
    transformationsLimit: integer('transformations_limit').notNull().default(30),
    firebaseUuid: text('firebase_uuid'),
    location: jsonb('location').$type<StoredLocation>(),
    /** The active StyleLens: lens text, human summary and photo keys; styleSaveStatus says whether it was saved. */
    styleLens: jsonb('style_lens').$type<StoredStyleLens>(),
    styleSaveStatus: boolean('style_save_status').notNull().default(false),
    /**
     * When the owner first proved the address (a magic link, or Google with email_verified). Null while
     * nobody has: an account a checkout made for a typed e-mail. The first proof ends every session and
     * password made before it (auth/first-proof.ts).
     */
    emailProvenAt: timestamp('email_proven_at', { withTimezone: true }),
    /**
     * Which sessions are still good: a session is valid only while its `generation` equals this. The
     * first proof of an address raises it (auth/first-proof.ts), so a session whose sign-in began before
     * the proof is refused on every read, even one written after the proof (ADR 032).
     */
    sessionGeneration: integer('session_generation').notNull().default(0),
    /**
     * When a proof of the address last ended a password set before it (the first proof, or confirming
     * an address change); cleared when the owner sets a password again. While set, the account page
     * tells the owner their old password is gone and how to set one (ADR 056).
     */
    passwordRemovedAt: timestamp('password_removed_at', { withTimezone: true }),
    /** When the user last asked for a sign-in link (spec: check-user's user.request_signin). */
    signinRequestedAt: timestamp('signin_requested_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email), index('users_created_at_idx').on(t.createdAt)],
);

export const bugReports = pgTable(
  'bug_reports',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull().default(''),
    description: text('description').notNull(),
    pageUrl: text('page_url').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    attachmentKeys: jsonb('attachment_keys')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('bug_reports_created_at_idx').on(t.createdAt)],
);

/** better-auth sessions: revocable, with an absolute lifetime (expiresAt is never extended). */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    impersonatedBy: text('impersonated_by'),
    /** The user's session_generation when this sign-in began (its credential checked): stale once a proof raises it. */
    generation: integer('generation').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sessions_token_unique').on(t.token), index('sessions_user_idx').on(t.userId)],
);

/** better-auth accounts: one per sign-in method (credential with the password hash, google by subject). */
export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('accounts_provider_account_unique').on(t.providerId, t.accountId), index('accounts_user_idx').on(t.userId)],
);

/** better-auth verification values: magic-link tokens (stored hashed), OAuth state. */
export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/**
 * better-auth's own rate-limit counters (its sign-in endpoints), kept in the database by better-auth
 * (`rateLimit.storage: 'database'`). Our routes count in `rate_limit_counters`.
 */
export const rateLimits = pgTable('rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/**
 * Fixed-window counters of every rate-limited route of ours (`lib/rate-limit.ts`), shared by every web
 * process: one atomic upsert per hit; a window that has ended starts again at the next hit, and ended
 * windows are swept by `resets_at`.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_resets_at_idx').on(t.resetsAt)],
);

/** Subscriptions as the payment provider reports them (filled by its events; linked to a user at account creation). */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id').notNull(),
    email: text('email').notNull(),
    status: text('status').notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** The provider's `created` time of the newest event applied: older events never overwrite newer state. */
    lastEventAt: bigint('last_event_at', { mode: 'number' }).notNull().default(0),
    lastPaidInvoiceId: text('last_paid_invoice_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('subscriptions_customer_idx').on(t.customerId)],
);

/** Each provider event id once: recorded in the same transaction as its effect. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The offline payment provider's own records (PAYMENTS=local): a small simulation of Stripe's objects. */
export const localCustomers = pgTable('local_customers', {
  id: text('id').primaryKey(),
  email: text('email').notNull(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

export const localSubscriptions = pgTable('local_subscriptions', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull(),
  status: text('status').notNull(),
  clientSecret: text('client_secret').notNull(),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  invoiceCount: integer('invoice_count').notNull().default(0),
  /** The Idempotency-Key it was made with: the same key answers the same subscription, as on Stripe. */
  idempotencyKey: text('idempotency_key').unique(),
  /** When what was paid for it was refunded (it is cancelled then too). */
  refundedAt: timestamp('refunded_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const localCheckoutSessions = pgTable('local_checkout_sessions', {
  id: text('id').primaryKey(),
  email: text('email').notNull(),
  name: text('name').notNull(),
  status: text('status').notNull().default('open'),
  customerId: text('customer_id'),
  subscriptionId: text('subscription_id'),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  /** Our reference for the checkout (Stripe's client_reference_id). */
  reference: text('reference'),
  /** The Idempotency-Key it was made with: the same key answers the same session, as on Stripe. */
  idempotencyKey: text('idempotency_key').unique(),
  createdAt: createdAt(),
});

export const localPortalSessions = pgTable('local_portal_sessions', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull(),
  returnUrl: text('return_url').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Each checkout our server started, and whom it is for: a signed-in user subscribing again (userId
 * set, createsAccount false), or a new account for the typed e-mail (createsAccount true; userId is set
 * once the paid checkout made that account). Its id goes to the provider as the checkout's reference
 * (Stripe's client_reference_id and metadata); payment events find the user only through this row,
 * never by an e-mail.
 */
export const checkoutIntents = pgTable(
  'checkout_intents',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    /** The name typed at checkout, for the account it makes (null when none was typed, or the e-mail stood in for it). */
    name: text('name'),
    createsAccount: boolean('creates_account').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    checkoutSessionId: text('checkout_session_id'),
    customerId: text('customer_id'),
    subscriptionId: text('subscription_id'),
    /** When its paid subscription was linked to its user (once). */
    linkedAt: timestamp('linked_at', { withTimezone: true }),
    /** The embedded card form ('card') or the provider-hosted page ('hosted'). */
    flow: text('flow').$type<CheckoutFlow>().notNull(),
    /** When it stopped being the e-mail's open checkout without being linked: stale, replaced, or its payment refunded. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('checkout_intents_checkout_session_unique').on(t.checkoutSessionId),
    uniqueIndex('checkout_intents_subscription_unique').on(t.subscriptionId),
    // One open checkout per e-mail (ADR 055): a second request for it answers the same checkout.
    uniqueIndex('checkout_intents_open_email_unique')
      .on(t.email)
      .where(sql`${t.linkedAt} is null and ${t.closedAt} is null`),
  ],
);

export type CheckoutFlow = 'card' | 'hosted';

/**
 * Payments that ended without an account to belong to (ADR 055): the e-mail had an account by the time
 * the payment came in (a second payment of a raced checkout, or an account made meanwhile), or the
 * subscriber already had an active subscription. Each is cancelled and refunded at the provider
 * (refundedAt), and listed for the admins; `refundError` keeps why a refund has not gone through yet.
 */
export const orphanPayments = pgTable('orphan_payments', {
  /** The provider's subscription id. */
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull(),
  email: text('email').notNull(),
  checkoutIntentId: text('checkout_intent_id').notNull(),
  refundedAt: timestamp('refunded_at', { withTimezone: true }),
  refundError: text('refund_error'),
  createdAt: createdAt(),
});

/** Checkout sessions that already signed their buyer in once on /payment-success. */
export const claimedCheckoutSessions = pgTable('claimed_checkout_sessions', {
  id: text('id').primaryKey(),
  claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
});

export interface StoredImage {
  key: string;
  thumbKey: string;
  width: number;
  height: number;
  /** The thumbnail's width (absent on images stored before it was recorded: 480 px boxes then). */
  thumbWidth?: number;
  /**
   * A room photo as its person gave it (its own format and pixels, metadata removed: uploads/strip-metadata.ts),
   * which its download answers; absent on photos stored before it was kept, and on other images.
   */
  given?: { key: string; contentType: string };
}

/** Every file one stored image has: the image, its thumbnail and, for a room photo, the photo as given. */
export const storedImageKeys = (image: StoredImage): string[] => [image.key, image.thumbKey, ...(image.given ? [image.given.key] : [])];
/** An uploaded reference: an item or a finish (with its index in the brief's items), or an inspiration photo. */
export type ReferenceImage = StoredImage & ({ role: ItemRole; itemIndex: number } | { role: 'inspiration' });

/**
 * A home (issue 49): the designs of one place, side by side. Every account's designs go to its first home,
 * "My home", unless another is named; a person names and adds homes. Its id (144 random bits) is the share
 * link's, and a home is private until shared (the same rule as a design's Share View).
 */
export const homes = pgTable(
  'homes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isPublic: boolean('is_public').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('homes_user_created_idx').on(t.userId, t.createdAt)],
);

/** A room design: the uploads (the room photo and its references), the brief and the job's state; its results are design_images rows. */
export const roomDesigns = pgTable(
  'room_designs',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tool: text('tool').$type<DesignTool>().notNull(),
    status: text('status').$type<WorkStatus>().notNull().default('queued'),
    /** What its job is doing now (analysing, image n of m, checking the architecture), for the design's event stream (ADR 066). */
    statusText: text('status_text').notNull().default('Queued'),
    error: text('error'),
    brief: jsonb('brief').$type<DesignBrief>().notNull(),
    prompt: text('prompt'),
    original: jsonb('original').$type<StoredImage>().notNull(),
    references: jsonb('references')
      .$type<ReferenceImage[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The analysis: what the engine says of the images, without the owner's words (anyone who may see the design reads it; ADR 057). */
    analysisHtml: text('analysis_html'),
    /** What the analysis quotes of the owner's words (their brief, a refinement's request): the owner's alone (ADR 057). */
    analysisOwnerHtml: text('analysis_owner_html'),
    providerRequestId: text('provider_request_id'),
    creditState: text('credit_state').$type<'reserved' | 'committed' | 'refunded'>().notNull().default('reserved'),
    creditClaimedAt: timestamp('credit_claimed_at', { withTimezone: true }),
    isPublic: boolean('is_public').notNull().default(false),
    /** Tweak photos uploaded for the next refinement. */
    pendingTweakKeys: jsonb('pending_tweak_keys')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** 'Change only here': painted areas uploaded for a refinement not yet started (the newest few). */
    pendingMaskKeys: jsonb('pending_mask_keys')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The home it belongs to (issue 49; null only on a design whose home was never set, shown under the first home). */
    homeId: text('home_id').references(() => homes.id, { onDelete: 'set null' }),
    /** More photos of the same room from other angles (2-4 in all with `original`): one result per photo (ADR 065). */
    morePhotos: jsonb('more_photos')
      .$type<StoredImage[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Made with a look taken from another result: how close it came, measured when it was made (and after 'Bring it closer'). */
    consistency: jsonb('consistency').$type<StoredConsistency>(),
    /**
     * What the engine said it did not do of the request, in the owner's words (the local preview engine: "cannot
     * add a bookshelf", issue 51): shown to the owner only (ADR 057).
     */
    engineNotes: jsonb('engine_notes')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('room_designs_user_created_idx').on(t.userId, t.createdAt),
    index('room_designs_home_idx').on(t.homeId),
    index('room_designs_status_idx').on(t.status),
    // Auto-saved Designs: one user's finished designs, newest first (My Designs starts from design_images).
    index('room_designs_user_done_idx')
      .on(t.userId, t.createdAt)
      .where(sql`status = 'done'`),
  ],
);

/** 'Share your room with us!': a design shared with the gallery (admins see it). */
export const roomShares = pgTable(
  'room_shares',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roomDesignId: text('room_design_id')
      .notNull()
      .references(() => roomDesigns.id, { onDelete: 'cascade' }),
    userComment: text('user_comment'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('room_shares_design_unique').on(t.roomDesignId), index('room_shares_created_idx').on(t.createdAt)],
);

/** 'How did we do?': one answer per user and design. */
export const designFeedback = pgTable(
  'design_feedback',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roomDesignId: text('room_design_id')
      .notNull()
      .references(() => roomDesigns.id, { onDelete: 'cascade' }),
    isHelpful: boolean('is_helpful').notNull(),
    feedbackText: text('feedback_text'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('design_feedback_user_design_unique').on(t.userId, t.roomDesignId),
    index('design_feedback_created_idx').on(t.createdAt),
  ],
);

/** Every admin action that changes a user (credit resets, role changes): who, whom, what and when. */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: text('id').primaryKey(),
    actorEmail: text('actor_email').notNull(),
    targetEmail: text('target_email').notNull(),
    action: text('action').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('admin_audit_log_created_idx').on(t.createdAt)],
);

/**
 * A refinement or Fix Room run on a design: worked by a job, its state read by the SSE stream from any
 * web process (so a refinement can run on one worker while another process streams it).
 */
export const designTasks = pgTable(
  'design_tasks',
  {
    id: text('id').primaryKey(),
    designId: text('design_id')
      .notNull()
      .references(() => roomDesigns.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<DesignTaskKind>().notNull(),
    /** What the task works from, one shape per kind (its `kind` is the row's, held by the check below). */
    input: jsonb('input').$type<StoredTaskInput>().notNull(),
    status: text('status').$type<WorkStatus>().notNull().default('queued'),
    statusText: text('status_text').notNull().default('Queued'),
    resultKeys: jsonb('result_keys')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('design_tasks_design_idx').on(t.designId),
    index('design_tasks_user_created_idx').on(t.userId, t.createdAt),
    check('design_tasks_input_kind', sql`${t.input}->>'kind' = ${t.kind}`),
  ],
);

/**
 * The fair-use ledger (ADR 031): one row for every refinement and Fix Room run started, written in the
 * same transaction as its task, and what the daily cap counts. Deleting a design or an image does not
 * touch it (no foreign key to either: a task's row goes with its design, this one stays), so deleting
 * the design that held the day's runs frees nothing. Deleting the account keeps the rows without their
 * owner (`user_id` set to null): a count of runs that names no one.
 */
export const fairUseLedger = pgTable(
  'fair_use_ledger',
  {
    /** The task's id (no foreign key: the task may be deleted with its design). */
    id: text('id').primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').$type<DesignTaskKind>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('fair_use_ledger_user_created_idx').on(t.userId, t.createdAt)],
);

/**
 * One StyleLens analysis (ADR 066): its photos, stored when it was asked for (upright, stripped, WebP, in
 * the person's order), and how its `style-lens` job stands. Done, the photos are the user's lens's
 * (users.style_lens) and `lens` the lens it made; failed, they are deleted and `error` holds the words the person is told.
 */
export const styleLensTasks = pgTable(
  'style_lens_tasks',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    photoKeys: jsonb('photo_keys').$type<string[]>().notNull(),
    status: text('status').$type<WorkStatus>().notNull().default('queued'),
    statusText: text('status_text').notNull().default('Queued'),
    /** The lens it made, once done (the user's active lens then, until another replaces it). */
    lens: jsonb('lens').$type<StoredStyleLens>(),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('style_lens_tasks_user_created_idx').on(t.userId, t.createdAt)],
);

/**
 * One result image of a design (generated, refined or fixed), addressed by its id: its name, room type,
 * notes and saved flag belong to the image, so adding, removing or reordering images never moves them.
 * `rank` orders a design's results as the results page shows them (smallest first: each refinement
 * goes in front with a rank below the others; generated and fixed images follow in the order they were
 * made). The spec's position-keyed maps are built from these rows at the API edge (features/designs/spec/spec-design-record.ts).
 */
export const designImages = pgTable(
  'design_images',
  {
    id: text('id').primaryKey(),
    designId: text('design_id')
      .notNull()
      .references(() => roomDesigns.id, { onDelete: 'cascade' }),
    /** The design's owner, copied here so My Designs finds a user's saved images from one index. */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ResultImageKind>().notNull(),
    rank: integer('rank').notNull(),
    key: text('key').notNull(),
    thumbKey: text('thumb_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The thumbnail's width (null on images stored before it was recorded: 480 px boxes then). */
    thumbWidth: integer('thumb_width'),
    /** How well the result kept the room's structure (0..1), for generated and fixed images. */
    fidelity: real('fidelity'),
    flagged: boolean('flagged').notNull().default(false),
    saved: boolean('saved').notNull().default(false),
    name: text('name'),
    roomType: text('room_type'),
    notes: text('notes'),
    /** What a person could buy in the image; null until the vision engine has listed it. */
    items: jsonb('items').$type<StoredShoppableItem[]>(),
    /** A refinement made with 'Change only here': the painted area it was allowed to change (a mask PNG). */
    maskKey: text('mask_key'),
    /** Which photo of the room it redesigns: 0 the design's `original`, n its `morePhotos[n - 1]` (ADR 065). */
    photo: integer('photo').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A job that is run again finds its image already there (insert ... on conflict do nothing).
    uniqueIndex('design_images_design_key_unique').on(t.designId, t.key),
    index('design_images_design_rank_idx').on(t.designId, t.rank),
    // My Designs: the designs of one user that have a saved image, answered from this index alone.
    index('design_images_user_saved_idx')
      .on(t.userId, t.designId)
      .where(sql`saved`),
  ],
);
export type DesignRow = typeof roomDesigns.$inferSelect;
export type HomeRow = typeof homes.$inferSelect;

/**
 * A look taken from one result (issue 49): its measured palette, materials, forms, named pieces and mood,
 * made by its owner to carry to another room. It names the result it came from (the reference image the
 * hosted engines get); deleting that design deletes the look, while designs made with it keep their copy
 * in their brief.
 */
export const looks = pgTable(
  'looks',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    designId: text('design_id')
      .notNull()
      .references(() => roomDesigns.id, { onDelete: 'cascade' }),
    imageId: text('image_id')
      .notNull()
      .references(() => designImages.id, { onDelete: 'cascade' }),
    look: jsonb('look').$type<StoredLook>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('looks_user_idx').on(t.userId)],
);
export type LookRow = typeof looks.$inferSelect;
export type DesignImageRow = typeof designImages.$inferSelect;

/**
 * Every call to an image or vision engine: which engine and model, for which design and subscriber,
 * whether it answered, the service's own reason when not (never shown to users), its latency, the
 * usage the provider reported and the estimated cost from the price table. The admin dashboard reads it.
 */
export const engineCalls = pgTable(
  'engine_calls',
  {
    id: text('id').primaryKey(),
    /** 'image' or 'vision'. */
    kind: text('kind').$type<EngineKind>().notNull(),
    engine: text('engine').$type<EngineName>().notNull(),
    model: text('model').notNull(),
    operation: text('operation').notNull(),
    /** No foreign key: the cost of a deleted design still counts for the month. */
    designId: text('design_id'),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    ok: boolean('ok').notNull(),
    /** What the user was told, and the service's own words (the cause), when the call failed. */
    error: text('error'),
    cause: text('cause'),
    status: integer('status'),
    latencyMs: integer('latency_ms').notNull(),
    inputTokens: integer('input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    images: integer('images').notNull().default(0),
    estimatedCostUsd: real('estimated_cost_usd').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('engine_calls_created_idx').on(t.createdAt), index('engine_calls_user_created_idx').on(t.userId, t.createdAt)],
);

/**
 * Stored objects waiting to be deleted (ADR 033): a key is recorded in the same transaction that marks
 * its design failed or deletes its row (a design, an image, an account), and `storage/object-deletions.ts`
 * deletes it from the store outside any transaction, retrying until the store answers. A key here is
 * no orphan: `npm run storage -- audit` reports it as pending.
 */
export const objectDeletions = pgTable(
  'object_deletions',
  {
    key: text('key').primaryKey(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    /** The store's answer to the last attempt that failed (never shown to users). */
    lastError: text('last_error'),
  },
  (t) => [index('object_deletions_requested_at_idx').on(t.requestedAt)],
);
