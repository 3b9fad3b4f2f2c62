import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileUrl } from '@rv/contracts/files';
import { messages } from '@rv/contracts/messages';
import { routes } from '@rv/contracts/routes/routes';
import { requireToolAccess, requireUser } from '../../auth/session-guard';
import { hitRateLimit } from '../../lib/rate-limit';
import { route } from '../../lib/route';
import type { Services } from '../../services';
import { readMultipart } from '../../uploads/read-multipart';
import { analyzeStyleLens } from './analyze-style-lens';
import { saveStyleLens } from './save-style-lens';

/** Analyses per user per hour: each one is a vision-engine call (a paid one with a remote provider). */
const ANALYSES_PER_HOUR = 20;

export const styleLensRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services.database;

  const tags = ['stylelens'];

  route(
    app,
    routes.styleLensAnalyze,
    async (request) => {
      const user = await requireToolAccess(services, request);
      await hitRateLimit(db, `stylelens-analyze:${user.id}`, ANALYSES_PER_HOUR, 60 * 60_000);
      const photos = (await readMultipart(request, routes.styleLensAnalyze.multipart)).files.styles;
      const result = await analyzeStyleLens(services, user.id, photos);
      request.log.info({ photos: photos.length, editing: request.query.editing === 'true' }, 'stylelens analysed');
      return { status: 200, body: { lens: result.lens, summary: result.summary, stylePhotosStorageUrls: result.photoKeys.map(fileUrl) } };
    },
    { tags },
  );

  route(
    app,
    routes.styleLensSave,
    async (request) => {
      const user = await requireUser(services, request);
      await saveStyleLens(db, user.id);
      return { status: 200, body: { message: messages.account.styleLensSaved } };
    },
    { tags },
  );
};
