import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/**
 * Users: better-auth's user table (id, name, email, emailVerified, image, role...) carrying the
 * profile fields of spec section 3.
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
    location: jsonb('location').$type<Record<string, string | number>>(),
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
