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

/**
 * POST /api/stylelens/analyses (our web app's own call, ADR 066): the same form and checks as the spec's
 * analyze, answered at once with the analysis's task; its events are at styleLensEvents.
 */
export const styleLensStartedAnswer = z.object({ taskId: z.string() });
/** GET /api/stylelens/analyses/{taskId}/events (SSE): start, status (queued, photo n of m, ...), complete or error. */
export const styleLensTaskParams = z.object({ taskId: z.string().min(1).max(64) });
export const styleLensStartEvent = z.object({ taskId: z.string() });
/** The lens made, as the spec's analyze answers it (it is the user's active lens by then). */
export const styleLensCompleteEvent = styleLensAnalyzeAnswer;
