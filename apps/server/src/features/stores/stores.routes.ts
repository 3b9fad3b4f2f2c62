import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storeCountryAnswer, storeSearchAnswer, storeSearchQuery } from '@rv/contracts/api/creation';
import { errorBody } from '@rv/contracts/api/common';
import { getSessionUser } from '../../auth/session-guard';
import type { Services } from '../../services';
import { locateIp } from '../account/locate-ip';
import { searchStores } from './search-stores';
import { storeCountryFor } from './store-country';
import { storeDirectory } from './store-directory';

export const storeRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
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

  app.get(
    '/api/stores/country',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        summary: "The shop dialog's starting country: the signed-in user's profile location, else the caller's address (packaged database)",
        tags: ['tools'],
        response: { 200: storeCountryAnswer, 429: errorBody },
      },
    },
    async (request) => {
      const user = await getSessionUser(services, request);
      const profileCode = user?.location?.countryCode;
      const code = typeof profileCode === 'string' ? profileCode : (await locateIp(request.ip))?.countryCode;
      return { country: storeCountryFor(code) };
    },
  );
};
