import { randomUUID } from 'node:crypto';
import type { BugReportFields } from '@rv/contracts/api/support';
import type { UserRow } from '../../auth/session-guard';
import { bugReports } from '../../db/schema';
import { enqueueMail } from '../../jobs/send-mail-job';
import { renderMail } from '../../mail/render-mail';
import type { Services } from '../../services';
import type { UploadedFile } from '../../uploads/read-multipart';
import { processImage } from '../../uploads/process-image';

/** Who sent a report: the signed-in user (their id and account address), or null for a visitor. */
export type Reporter = Pick<UserRow, 'id' | 'email' | 'emailVerified'> | null;

/**
 * Stores a bug report with its screenshots (each through the image pipeline, so no metadata is kept).
 * The report belongs to the signed-in reporter's id (the export and deletion of their account find it by
 * that id), never to whoever's address was typed into the form. An acknowledgement goes through the mail
 * job only to a signed-in reporter's own, proven account address: never to a typed address (anyone could
 * type anyone's, and the mail quotes the text: a spam relay from our domain), never for a visitor. If any
 * step fails, the files already stored are removed.
 */
export async function createBugReport(
  services: Services,
  input: { fields: BugReportFields; files: UploadedFile[]; reporter: Reporter },
): Promise<{ id: string }> {
  const id = randomUUID();
  const images = await Promise.all(input.files.map((file) => processImage(file.source, { maxWidth: 1920 })));
  const keys: string[] = [];
  try {
    for (const [index, image] of images.entries()) {
      const key = `bug-reports/${id}/${index + 1}.webp`;
      await services.storage.put(key, image.full, 'image/webp');
      keys.push(key);
    }
    await services.database.db.insert(bugReports).values({
      id,
      userId: input.reporter?.id ?? null,
      // The address to answer at, for the admins: the one typed, else a signed-in reporter's own.
      email: input.fields.email || input.reporter?.email || '',
      description: input.fields.description,
      pageUrl: input.fields.pageUrl,
      userAgent: input.fields.userAgent,
      attachmentKeys: keys,
    });
  } catch (error) {
    await Promise.all(keys.map((key) => services.storage.delete(key)));
    throw error;
  }
  if (input.reporter?.emailVerified) {
    await enqueueMail(
      services.jobs,
      renderMail({
        to: input.reporter.email,
        subject: 'We received your bug report',
        paragraphs: [
          'Thank you for telling us about a problem with Room Visualizer. Our team reads every report.',
          `Your report (reference ${id.slice(0, 8)}): "${input.fields.description.slice(0, 500)}"`,
          'If we need more details we will reply to this address.',
        ],
      }),
    );
  }
  return { id };
}
