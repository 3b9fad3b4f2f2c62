import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BUG_REPORT_MAX_FILES, bugReportCreated, bugReportFields } from '@rv/contracts/api/support';
import { errorBody } from '@rv/contracts/api/common';
import { messages } from '@rv/contracts/messages';
import { getSessionUser } from '../../auth/session-guard';
import type { Services } from '../../services';
import { readMultipart } from '../../uploads/read-multipart';
import { createBugReport } from './create-bug-report';

export const bugReportRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.post(
    '/api/bug-report',
    {
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
      schema: {
        summary: 'Submit a bug report (multipart: description, email, pageUrl, userAgent, trails files)',
        tags: ['support'],
        consumes: ['multipart/form-data'],
        response: { 201: bugReportCreated, 400: errorBody, 413: errorBody, 415: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const { fields, files } = await readMultipart(request, { maxFiles: BUG_REPORT_MAX_FILES });
      const parsed = bugReportFields.parse(fields);
      // Visitors can report too; a signed-in reporter's report is theirs (their data export and deletion include it).
      const user = await getSessionUser(services, request);
      const { id } = await createBugReport(services, { fields: parsed, files, userId: user?.id ?? null });
      return reply.code(201).send({ message: messages.bugReport.submitted, id });
    },
  );
};
