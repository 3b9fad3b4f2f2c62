import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SiteConfig } from '@rv/contracts/api/site';
import { routes } from '@rv/contracts/routes/routes';
import { route } from '../../lib/route';

export const siteRoutes: FastifyPluginAsyncZod<{ site: SiteConfig }> = async (app, { site }) => {
  route(app, routes.siteConfig, async () => ({ status: 200, body: site }), { tags: ['site'] });
};
