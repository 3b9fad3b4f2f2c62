import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@rv/contracts/messages';
import { routes } from '@rv/contracts/routes/routes';
import { getSessionUser } from '../../auth/session-guard';
import { route } from '../../lib/route';
import type { Services } from '../../services';
import { readMultipart } from '../../uploads/read-multipart';
import { createBugReport } from './create-bug-report';

export const bugReportRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  route(
    app,
    routes.bugReport,
    async (request) => {
      const { values, files } = await readMultipart(request, routes.bugReport.multipart);
      // Visitors can report too (their report is no one's, and no mail goes out); a signed-in reporter's
      // report is theirs by id (their data export and deletion include it) and is acknowledged to their own address.
      const reporter = await getSessionUser(services, request);
      const { id } = await createBugReport(services, { fields: values, files: files.trails, reporter });
      return { status: 201, body: { message: messages.bugReport.submitted, id } };
    },
    { tags: ['support'], config: { rateLimit: { max: 10, timeWindow: '10 minutes' } } },
  );
};
