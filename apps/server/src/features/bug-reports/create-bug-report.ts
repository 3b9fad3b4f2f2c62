import { randomUUID } from 'node:crypto';
import type { BugReportFields } from '@rv/contracts/api/support';
import { bugReports } from '../../db/schema';
import { enqueueMail } from '../../jobs/send-mail-job';
import { renderMail } from '../../mail/render-mail';
import type { Services } from '../../services';
import type { UploadedFile } from '../../uploads/read-multipart';
import { processImage } from '../../uploads/process-image';

/**
 * Stores a bug report with its screenshots (each through the image pipeline, so no metadata is kept),
 * and, when the reporter left an e-mail, sends them an acknowledgement through the mail job. If any
 * step fails, the files already stored are removed.
 */
export async function createBugReport(
  services: Services,
  input: { fields: BugReportFields; files: UploadedFile[]; userId: string | null },
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
      userId: input.userId,
      email: input.fields.email,
      description: input.fields.description,
      pageUrl: input.fields.pageUrl,
      userAgent: input.fields.userAgent,
      attachmentKeys: keys,
    });
  } catch (error) {
    await Promise.all(keys.map((key) => services.storage.delete(key)));
    throw error;
  }
  if (input.fields.email) {
    await enqueueMail(
      services.jobs,
      renderMail({
        to: input.fields.email,
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
