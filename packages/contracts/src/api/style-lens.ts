import { z } from 'zod';
import { STYLE_LENS } from '../constants';
import { messages } from '../messages';
import { defineMultipart, file } from '../multipart';
import { styleLensSummary } from './account';

/** POST /api/stylelens/analyze?editing={bool} (multipart: styles files). */
/** The photos, in the order the person arranged them (at least STYLE_LENS.minPhotos, checked by the analysis). */
export const styleLensAnalyzeForm = defineMultipart({
  styles: file({ max: STYLE_LENS.maxPhotos, tooMany: messages.styleLens.tooManyPhotos }),
});
export const styleLensAnalyzeQuery = z.object({ editing: z.enum(['true', 'false']).default('false') });
export const styleLensAnalyzeAnswer = z.object({
  lens: z.string(),
  summary: styleLensSummary,
  stylePhotosStorageUrls: z.array(z.string()),
});
