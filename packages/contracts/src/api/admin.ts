import { z } from 'zod';
import { emailSchema } from '../email';

export const adminListQuery = z.object({
  page: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
  q: z.string().max(200).optional(),
});
export const adminUserRow = z.object({
  id: z.string(),
  email: z.string(),
  createdAt: z.string(),
  transformationsUsed: z.number().int(),
  transformationsLimit: z.number().int(),
  stripeCustomerId: z.string().nullable(),
  stripeSubscriptionId: z.string().nullable(),
  subscriptionStatus: z.string(),
});
export const roomShareRow = z.object({
  id: z.string(),
  email: z.string(),
  createdAt: z.string(),
  originalImageStorageUrl: z.string(),
  generatedImageStorageUrls: z.array(z.string()),
  userComment: z.string().nullable(),
});
export const designFeedbackRow = z.object({
  id: z.string(),
  email: z.string(),
  createdAt: z.string(),
  isHelpful: z.boolean(),
  roomDesignId: z.string(),
  feedbackText: z.string().nullable(),
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
export const resetCreditsBody = z.object({ email: emailSchema });
export const resetCreditsAnswer = z.object({ user: z.object({ email: z.string(), creditsRemaining: z.number().int() }) });
