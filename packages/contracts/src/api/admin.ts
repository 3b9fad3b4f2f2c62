import { z } from 'zod';
import { emailSchema } from '../email';
import { paginationInfo } from './common';

/**
 * GET /api/admin/{users,room-shares,design-feedback,bug-reports,orphan-payments}: without `page` and `limit` the answer
 * is the spec's plain list; with either of them it is one page of it (`adminPage`). `q` filters by e-mail.
 */
export const adminListQuery = z.object({
  page: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
  q: z.string().max(200).optional(),
});
export const ADMIN_PAGE_SIZE = 20;

export const adminUserRow = z.object({
  id: z.string(),
  email: z.string(),
  createdAt: z.string(),
  transformationsUsed: z.number().int(),
  transformationsLimit: z.number().int(),
  stripeCustomerId: z.string().nullable(),
  stripeSubscriptionId: z.string().nullable(),
  subscriptionStatus: z.string(),
  name: z.string(),
});
export const roomShareRow = z.object({
  id: z.string(),
  email: z.string(),
  createdAt: z.string(),
  originalImageStorageUrl: z.string(),
  generatedImageStorageUrls: z.array(z.string()),
  userComment: z.string().nullable(),
  /** Small previews of the same images, in the same order. */
  originalImageThumbUrl: z.string(),
  generatedImageThumbUrls: z.array(z.string()),
});
export const designFeedbackRow = z.object({
  id: z.string(),
  email: z.string(),
  createdAt: z.string(),
  isHelpful: z.boolean(),
  roomDesignId: z.string(),
  feedbackText: z.string().nullable(),
  /** The design's results page. */
  designUrl: z.string(),
});
export const bugReportRow = z.object({
  id: z.string(),
  email: z.string(),
  createdAt: z.string(),
  description: z.string(),
  pageUrl: z.string(),
  userAgent: z.string(),
  attachmentUrls: z.array(z.string()),
});
/** A payment that made no account, cancelled and refunded at the provider (ADR 055). */
export const orphanPaymentRow = z.object({
  /** The provider's subscription id. */
  id: z.string(),
  email: z.string(),
  customerId: z.string(),
  createdAt: z.string(),
  /** When the refund went through; null while it has not (refundError says why). */
  refundedAt: z.string().nullable(),
  refundError: z.string().nullable(),
});

/** One entry of the audit log: an admin's action on another person's account or design (ADR 058). */
export const auditLogRow = z.object({
  id: z.string(),
  /** The admin who acted. */
  email: z.string(),
  /** Whose account or design it was. */
  targetEmail: z.string(),
  createdAt: z.string(),
  action: z.enum(['reset-credits', 'grant-admin', 'revoke-admin', 'read-private-design']),
  /** What the action changed or read, in words (the credits before, the design read). */
  detail: z.string(),
});
export type AuditLogRow = z.infer<typeof auditLogRow>;

/** One page of an admin list: the rows, how many there are in all, and the spec's pagination info. */
export const adminPage = <Row extends z.ZodType>(row: Row) =>
  paginationInfo.extend({ items: z.array(row), total: z.number().int(), limit: z.number().int() });
/** The answer of an admin list call: the plain list, or one page when `page` or `limit` was asked for. */
export const adminListAnswer = <Row extends z.ZodType>(row: Row) => z.union([z.array(row), adminPage(row)]);

export type AdminUserRow = z.infer<typeof adminUserRow>;
export type RoomShareRow = z.infer<typeof roomShareRow>;
export type DesignFeedbackRow = z.infer<typeof designFeedbackRow>;
export type BugReportRow = z.infer<typeof bugReportRow>;
export type OrphanPaymentRow = z.infer<typeof orphanPaymentRow>;
export type AdminPage<Row> = z.infer<typeof paginationInfo> & { items: Row[]; total: number; limit: number };

export const resetCreditsBody = z.object({ email: emailSchema });
export const resetCreditsAnswer = z.object({ user: z.object({ email: z.string(), creditsRemaining: z.number().int() }) });
