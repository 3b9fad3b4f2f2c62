import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STYLE_LENS } from '@rv/contracts/constants';
import { fileUrl } from '@rv/contracts/files';
import { messages } from '@rv/contracts/messages';
import { routes } from '@rv/contracts/routes/routes';
import { requireToolAccess, requireUser } from '../../auth/session-guard';
import { AppError } from '../../lib/app-error';
import { hitRateLimit } from '../../lib/rate-limit';
import { route } from '../../lib/route';
import type { Services } from '../../services';
import { readMultipart } from '../../uploads/read-multipart';
import { analyzeStyleLens } from './analyze-style-lens';
import { saveStyleLens } from './save-style-lens';

/** Analyses per user per hour: each one is a vision-engine call (a paid one with a remote provider). */
const ANALYSES_PER_HOUR = 20;

/** The multipart reader stops at one file more than the maximum, so 11 photos get the same clear answer as 12. */
async function readStylePhotos(request: Parameters<typeof readMultipart>[0]) {
  try {
    const { files } = await readMultipart(request, { maxFiles: STYLE_LENS.maxPhotos + 1 });
    return files.filter((file) => file.field === 'styles');
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') throw new AppError('BAD_REQUEST', messages.styleLens.tooManyPhotos);
    throw error;
  }
}

export const styleLensRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services.database;

  const tags = ['stylelens'];

  route(
    app,
    routes.styleLensAnalyze,
    async (request) => {
      const user = await requireToolAccess(services, request);
      await hitRateLimit(db, `stylelens-analyze:${user.id}`, ANALYSES_PER_HOUR, 60 * 60_000);
      const photos = await readStylePhotos(request);
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
