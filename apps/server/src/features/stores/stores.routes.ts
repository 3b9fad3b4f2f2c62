import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storeSearchAnswer, storeSearchQuery } from '@rv/contracts/api/creation';
import { errorBody } from '@rv/contracts/api/common';
import { searchStores } from './search-stores';
import { storeDirectory } from './store-directory';

export const storeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/stores/search',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        summary: 'Stores for a country, price range and category (and furniture type), Our Picks first',
        tags: ['tools'],
        querystring: storeSearchQuery,
        response: { 200: storeSearchAnswer, 400: errorBody, 429: errorBody },
      },
    },
    async (request) => ({ stores: searchStores(storeDirectory, request.query) }),
  );
};
