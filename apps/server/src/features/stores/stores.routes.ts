import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@rv/contracts/routes/routes';
import { getSessionUser } from '../../auth/session-guard';
import { route } from '../../lib/route';
import type { Services } from '../../services';
import { locateIp } from '../account';
import { searchStores } from './search-stores';
import { storeCountryFor } from './store-country';
import { storeDirectory } from './store-directory';

export const storeRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  route(app, routes.storeSearch, async (request) => ({ status: 200, body: { stores: searchStores(storeDirectory, request.query) } }), {
    tags: ['tools'],
    config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
  });

  route(
    app,
    routes.storeCountry,
    async (request) => {
      const user = await getSessionUser(services, request);
      const profileCode = user?.location?.countryCode;
      const code = typeof profileCode === 'string' ? profileCode : (await locateIp(request.ip))?.countryCode;
      return { status: 200, body: { country: storeCountryFor(code) } };
    },
    { tags: ['tools'], config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
  );
};
