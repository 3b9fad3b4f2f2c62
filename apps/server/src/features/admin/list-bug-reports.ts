import { count, desc } from 'drizzle-orm';
import type { BugReportRow } from '@rv/contracts/api/admin';
import type { Db } from '../../db/client';
import { bugReports } from '../../db/schema';
import { fileUrl } from '@rv/contracts/files';
import { answerList, emailContains, type AdminListOptions } from './admin-list';

/** Bug reports, newest first; their screenshots are served by /api/files to admins only. */
export async function listBugReports(db: Db, options: AdminListOptions) {
  const where = emailContains(bugReports.email, options.q);
  return answerList<BugReportRow>(options, {
    count: async () => (await db.select({ n: count() }).from(bugReports).where(where))[0]?.n ?? 0,
    rows: async (range) => {
      const query = db.select().from(bugReports).where(where).orderBy(desc(bugReports.createdAt), desc(bugReports.id)).$dynamic();
      const rows = await (range ? query.limit(range.limit).offset(range.offset) : query);
      return rows.map((report) => ({
        id: report.id,
        email: report.email,
        createdAt: report.createdAt.toISOString(),
        description: report.description,
        pageUrl: report.pageUrl,
        userAgent: report.userAgent,
        attachmentUrls: report.attachmentKeys.map(fileUrl),
      }));
    },
  });
}
