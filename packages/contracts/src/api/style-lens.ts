import { z } from 'zod';
import { styleLensSummary } from './account';

/** POST /api/stylelens/analyze?editing={bool} (multipart: styles files). */
export const styleLensAnalyzeQuery = z.object({ editing: z.enum(['true', 'false']).default('false') });
export const styleLensAnalyzeAnswer = z.object({
  lens: z.string(),
  summary: styleLensSummary,
  stylePhotosStorageUrls: z.array(z.string()),
});
