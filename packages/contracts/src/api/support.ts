import { z } from 'zod';
import { optionalEmailSchema } from '../email';
import { BUG_REPORT_MAX_FILES } from '../constants';
import { defineMultipart, file, text, type MultipartValues } from '../multipart';

/** POST /api/bug-report: what went wrong, where, and up to five screenshots (`trails`). */
export const bugReportForm = defineMultipart({
  description: text(z.string().trim().min(1, 'Please describe the problem.').max(5000)),
  email: text(optionalEmailSchema.optional().default('')),
  pageUrl: text(z.string().max(2000).optional().default('')),
  userAgent: text(z.string().max(1000).optional().default('')),
  trails: file({ max: BUG_REPORT_MAX_FILES }),
});
export type BugReportFields = MultipartValues<typeof bugReportForm>;

export const bugReportCreated = z.object({ message: z.string(), id: z.string() });
