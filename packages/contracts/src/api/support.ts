import { z } from 'zod';
import { optionalEmailSchema } from '../email';

/** POST /api/bug-report (multipart: description, email, pageUrl, userAgent, trails files). */
export const bugReportFields = z.object({
  description: z.string().trim().min(1, 'Please describe the problem.').max(5000),
  email: optionalEmailSchema.optional().default(''),
  pageUrl: z.string().max(2000).optional().default(''),
  userAgent: z.string().max(1000).optional().default(''),
});
export type BugReportFields = z.infer<typeof bugReportFields>;
export const BUG_REPORT_MAX_FILES = 5;

export const bugReportCreated = z.object({ message: z.string(), id: z.string() });
