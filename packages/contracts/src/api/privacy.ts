import { z } from 'zod';
import { normalizeEmail } from '../email';
import { routeTable } from '../route-table';

/** GET: the signed-in user's data as one ZIP archive (profile.json, designs.json, homes.json, bug-reports.json and every image). */
export const ACCOUNT_EXPORT_PATH = routeTable.accountExport.path;
/** POST: deletes the signed-in user's account, subscription, files and rows. */
export const ACCOUNT_DELETE_PATH = routeTable.accountDelete.path;

/** The archive's name: the day it was made, e.g. room-visualizer-data-2026-01-31.zip. */
export function accountExportFilename(date: Date): string {
  return `room-visualizer-data-${date.toISOString().slice(0, 10)}.zip`;
}

/**
 * The user types their account's e-mail address again to confirm. Any text is accepted here (so a
 * typo gets the clear "does not match" answer rather than a format error); the server compares.
 */
export const deleteAccountBody = z.object({ email: z.string().max(320).transform(normalizeEmail) });
export type DeleteAccountBody = z.input<typeof deleteAccountBody>;

export const deleteAccountAnswer = z.object({
  message: z.string(),
  /** Whether a live subscription was cancelled at the payment provider. */
  subscriptionCanceled: z.boolean(),
});
export type DeleteAccountAnswer = z.infer<typeof deleteAccountAnswer>;
