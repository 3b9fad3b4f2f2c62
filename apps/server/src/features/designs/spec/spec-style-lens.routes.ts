import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TIMEOUTS_MS } from '@rv/contracts/constants';
import { messages } from '@rv/contracts/messages';
import { routes } from '@rv/contracts/routes/routes';
import { requireToolAccess } from '../../../auth/session-guard';
import { AppError } from '../../../lib/app-error';
import { route } from '../../../lib/route';
import type { Services } from '../../../services';
import { readMultipart } from '../../../uploads/read-multipart';
import { readStyleLensTask, startStyleLens, STYLE_LENS_FAILED, styleLensAnswer } from '../../style-lens';
import { waitFor } from '../wait-for';

/**
 * The spec's StyleLens analyze (POST /api/stylelens/analyze), which answers once the lens is made (up to
 * the spec's 10 minutes). For the spec's clients only: it starts the same `style-lens` job as our web
 * app's call (POST /api/stylelens/analyses, which answers at once, ADR 066) and waits on its task. A
 * failure is a 502 with the task's own words; the spec's time up, a 502 saying so (the analysis goes on).
 */
export const specStyleLensRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services.database;
  route(
    app,
    routes.styleLensAnalyze,
    async (request) => {
      const user = await requireToolAccess(services, request);
      const photos = (await readMultipart(request, routes.styleLensAnalyze.multipart)).files.styles;
      const taskId = await startStyleLens(services, user.id, photos);
      request.log.info({ taskId, photos: photos.length, editing: request.query.editing === 'true' }, 'stylelens analysis started (waiting)');
      const task = await waitFor({
        read: () => readStyleLensTask(db, taskId),
        settled: (state) => !state || state.status === 'done' || state.status === 'failed',
        until: Date.now() + TIMEOUTS_MS.styleLensAnalysis,
      });
      if (task?.status === 'done' && task.lens) return { status: 200, body: styleLensAnswer(task.lens) };
      const error = task?.status === 'failed' ? (task.error ?? STYLE_LENS_FAILED) : messages.styleLens.analysisTimedOut;
      throw new AppError('BAD_GATEWAY', error);
    },
    { tags: ['stylelens'] },
  );
};
