import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteConfig, type SiteConfig } from '@rv/contracts/api/site';

export const siteRoutes: FastifyPluginAsyncZod<{ site: SiteConfig }> = async (app, { site }) => {
  app.get(
    '/api/site-config',
    { schema: { summary: 'Operator-configured embeds and landing samples', tags: ['site'], response: { 200: siteConfig } } },
    async () => site,
  );
};
