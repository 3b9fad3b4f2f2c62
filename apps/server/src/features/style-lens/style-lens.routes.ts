import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, messageBody } from '@rv/contracts/api/common';
import { styleLensAnalyzeAnswer, styleLensAnalyzeQuery } from '@rv/contracts/api/style-lens';
import { STYLE_LENS } from '@rv/contracts/constants';
import { messages } from '@rv/contracts/messages';
import { requireToolAccess, requireUser } from '../../auth/session-guard';
import { AppError } from '../../lib/app-error';
import { hitRateLimit } from '../../lib/rate-limit';
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

  app.post(
    '/api/stylelens/analyze',
    {
      schema: {
        tags: ['stylelens'],
        summary:
          'Builds the StyleLens from 5 to 10 photos (multipart `styles`, in order). `editing=true` re-runs an existing one; either way the new lens replaces the previous one and its photos, unsaved until POST /api/stylelens/save.',
        consumes: ['multipart/form-data'],
        querystring: styleLensAnalyzeQuery,
        response: {
          200: styleLensAnalyzeAnswer,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          413: errorBody,
          415: errorBody,
          429: errorBody,
          502: errorBody,
        },
      },
    },
    async (request) => {
      const user = await requireToolAccess(services, request);
      await hitRateLimit(db, `stylelens-analyze:${user.id}`, ANALYSES_PER_HOUR, 60 * 60_000);
      const photos = await readStylePhotos(request);
      const result = await analyzeStyleLens(services, user.id, photos);
      request.log.info({ photos: photos.length, editing: request.query.editing === 'true' }, 'stylelens analysed');
      return { lens: result.lens, summary: result.summary, stylePhotosStorageUrls: result.photoKeys.map((key) => `/api/files/${key}`) };
    },
  );

  app.post(
    '/api/stylelens/save',
    {
      schema: {
        tags: ['stylelens'],
        summary: 'Saves the active StyleLens (styleSaveStatus true): from then on it is added to the prompt of every design.',
        response: { 200: messageBody, 401: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const user = await requireUser(services, request);
      await saveStyleLens(db, user.id);
      return { message: messages.account.styleLensSaved };
    },
  );
};
