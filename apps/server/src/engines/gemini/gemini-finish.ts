/**
 * The finish reasons with which Gemini stops because a safety or policy system blocked the answer (the
 * SDK's FinishReason): nothing more will come of asking again, so the image engine and the analysis
 * engine both read them as a block, never as an empty or malformed answer to retry.
 */
export const BLOCKED_FINISH: ReadonlySet<string> = new Set([
  'SAFETY',
  'IMAGE_SAFETY',
  'PROHIBITED_CONTENT',
  'IMAGE_PROHIBITED_CONTENT',
  'BLOCKLIST',
  'SPII',
  'RECITATION',
  'IMAGE_RECITATION',
]);
