import { count, desc, eq } from 'drizzle-orm';
import type { DesignFeedbackRow } from '@rv/contracts/api/admin';
import type { Db } from '../../db/client';
import { designFeedback, roomDesigns, users } from '../../db/schema';
import { resultsPagePath } from '@rv/contracts/pages';
import { answerList, emailContains, type AdminListOptions } from './admin-list';

/** 'How did we do?' answers, newest first, each with a link to its design's results page. */
export async function listDesignFeedback(db: Db, options: AdminListOptions) {
  const where = emailContains(users.email, options.q);
  return answerList<DesignFeedbackRow>(options, {
    count: async () =>
      (await db.select({ n: count() }).from(designFeedback).innerJoin(users, eq(users.id, designFeedback.userId)).where(where))[0]?.n ?? 0,
    rows: async (range) => {
      const query = db
        .select({ feedback: designFeedback, email: users.email, tool: roomDesigns.tool })
        .from(designFeedback)
        .innerJoin(users, eq(users.id, designFeedback.userId))
        .innerJoin(roomDesigns, eq(roomDesigns.id, designFeedback.roomDesignId))
        .where(where)
        .orderBy(desc(designFeedback.createdAt), desc(designFeedback.id))
        .$dynamic();
      const rows = await (range ? query.limit(range.limit).offset(range.offset) : query);
      return rows.map(({ feedback, email, tool }) => ({
        id: feedback.id,
        email,
        createdAt: feedback.createdAt.toISOString(),
        isHelpful: feedback.isHelpful,
        roomDesignId: feedback.roomDesignId,
        feedbackText: feedback.feedbackText,
        designUrl: resultsPagePath(tool, feedback.roomDesignId),
      }));
    },
  });
}
