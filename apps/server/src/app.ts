import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config/env';
import { authRoutes } from './auth/auth-routes';
import { adminRoutes } from './features/admin/admin.routes';
import { engineStatusRoutes } from './features/admin/engine-status.routes';
import { accountRoutes } from './features/account/account.routes';
import { billingRoutes } from './features/billing/billing.routes';
import { localPaymentsRoutes } from './features/billing/local-payments.routes';
import { bugReportRoutes } from './features/bug-reports/bug-reports.routes';
import { designCreationRoutes } from './features/designs/creation/design-creation.routes';
import { designPageMeta } from './features/designs/sharing/design-page-meta';
import { designSharingRoutes } from './features/designs/sharing/design-sharing.routes';
import { designViewRoutes } from './features/designs/view/design-view.routes';
import { homeRoutes } from './features/designs/homes/homes.routes';
import { designTaskRoutes } from './features/designs/tasks/design-tasks.routes';
import { designImagesRoutes } from './features/designs/images/design-images.routes';
import { fileRoutes } from './features/files/files.routes';
import { myDesignsRoutes } from './features/designs/listing/my-designs.routes';
import { specDesignsRoutes } from './features/designs/spec/spec-designs.routes';
import { specTaskRoutes } from './features/designs/spec/spec-tasks.routes';
import { specCreationRoutes } from './features/designs/spec/spec-creation.routes';
import { specStyleLensRoutes } from './features/designs/spec/spec-style-lens.routes';
import { specDownloadRoutes } from './features/designs/spec/spec-download.routes';
import { profileUpdateRoutes } from './features/account/profile-update.routes';
import { privacyRoutes } from './features/privacy/privacy.routes';
import { signInRoutes } from './features/sign-in/sign-in.routes';
import { styleLensRoutes } from './features/style-lens/style-lens.routes';
import { healthRoutes } from './features/health/health.routes';
import { embedOrigins, loadSiteConfig } from './features/site/load-site-config';
import { siteRoutes } from './features/site/site.routes';
import { storeRoutes } from './features/stores/stores.routes';
import { errorHandler } from './lib/error-handler';
import { databaseRateLimitStore, rateLimitKey } from './lib/rate-limit';
import { isLocalPayments } from './payments/create-payments';
import { createOriginCheck } from './lib/origin-check';
import { refuseNul } from './lib/refuse-nul';
import { traceRequests } from './lib/trace-requests';
import { describeFromCatalogue, SESSION_SCHEME } from './lib/openapi';
import { sessionCookieName } from './auth/create-auth';
import { observeRequests } from './metrics/http-metrics';
import { startConfiguredMetricsServer, type MetricsServer } from './metrics/metrics-server';
import { beginStop, closeServices, createServices, startQueues, type ServiceOptions } from './composition-root';
import type { Services } from './services';
import { inlineScriptSources } from './web/inline-scripts';
import { serveWeb } from './web/serve-web';

export interface BuildOptions extends ServiceOptions {
  /** 'all' serves and works jobs (the embedded default); 'web' only serves. */
  role?: 'all' | 'web';
  jobPollingSeconds?: number;
  logger?: boolean;
  /** Where the log's lines go instead of stdout (tests read what was logged). */
  logStream?: { write(line: string): void };
}

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export type App = FastifyInstance & {
  services: Services;
  /** The metrics listener (METRICS_PORT), apart from the public port; null when none is configured. */
  metricsServer: MetricsServer | null;
};

/** The app factory used by `npm start` and by every API test. */
/** Trusts the nearest `hops` proxies (the addresses X-Forwarded-For lists last). */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ['req.headers.cookie', 'req.headers.authorization'],
            // Every configured secret is masked by value in each line, whatever field carries it.
            hooks: { streamWrite: config.redactSecrets },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    // A hop count is given as proxy-addr's own test for it (Fastify's types take no number).
    trustProxy: typeof config.TRUST_PROXY === 'number' ? trustHops(config.TRUST_PROXY) : config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
  });
  // First of the hooks: what the others do (the origin check, rate limits) is part of the request's trace.
  traceRequests(app);
  const services = await createServices(config, app.log, options);
  app.addHook('onClose', () => closeServices(services));
  // A stop begins before the server waits for its requests: streams end with a retry hint, jobs are handed back (ADR 066).
  app.addHook('preClose', (done) => {
    beginStop(services);
    done();
  });
  await startQueues(services, { work: (options.role ?? 'all') === 'all', pollingIntervalSeconds: options.jobPollingSeconds ?? 2 });

  const webDist = config.WEB_DIST_DIR ? path.resolve(config.WEB_DIST_DIR) : defaultWebDist;
  const site = loadSiteConfig(config, webDist);

  // Stripe's Payment Element loads from Stripe's own origins (only when PAYMENTS=stripe).
  const usesStripe = config.PAYMENTS === 'stripe';
  const stripeOrigins = {
    script: usesStripe ? ['https://js.stripe.com'] : [],
    connect: usesStripe ? ['https://api.stripe.com'] : [],
    frame: usesStripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : [],
  };

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Besides our files, the web build's inline press keeper, by its hash (web/inline-scripts.ts, docs/press.md).
        scriptSrc: ["'self'", ...stripeOrigins.script, ...inlineScriptSources(webDist)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...stripeOrigins.connect],
        frameSrc: ["'self'", ...embedOrigins(site), ...stripeOrigins.frame],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: config.isProduction ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.isProduction,
  });
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyCookie, { secret: config.AUTH_SECRET });
  await app.register(fastifyMultipart, { throwFileSizeLimit: true });
  // Every limited route counts in the database (shared by all web processes), like `hitRateLimit`.
  await app.register(fastifyRateLimit, {
    global: false,
    store: databaseRateLimitStore(services.database.db),
    keyGenerator: rateLimitKey,
    errorResponseBuilder: (_req, ctx) => ({ statusCode: 429, error: 'Too Many Requests', message: `Retry in ${ctx.after}` }),
  });
  app.addHook('onRequest', createOriginCheck(config.PUBLIC_URL));
  app.addHook('preValidation', refuseNul);
  // An API answer is about someone (a profile, a design, a list): no browser or proxy keeps it, unless its
  // route said otherwise (a stored file, a public page's assets).
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
  });

  observeRequests(app, services.metrics);
  describeFromCatalogue(app);
  // The API's document: always in development and test, in production only with API_DOCS=true.
  // Its plug-ins are imported only then (ADR 040).
  if (config.API_DOCS) {
    const [{ default: fastifySwagger }, { default: fastifySwaggerUi }] = await Promise.all([
      import('@fastify/swagger'),
      import('@fastify/swagger-ui'),
    ]);
    await app.register(fastifySwagger, {
      openapi: {
        info: { title: 'Room Visualizer API', version: '1.0.0', description: 'The calls of the product spec, section 7.' },
        servers: [{ url: config.PUBLIC_URL }],
        components: {
          securitySchemes: {
            [SESSION_SCHEME]: {
              type: 'apiKey',
              in: 'cookie',
              name: sessionCookieName(config.isProduction),
              description: 'The session cookie better-auth sets at sign-in.',
            },
          },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  }

  await app.register(healthRoutes, { services });
  await app.register(siteRoutes, { site });
  await app.register(bugReportRoutes, { services });
  await app.register(storeRoutes, { services });
  await app.register(authRoutes, { services });
  await app.register(signInRoutes, { services });
  await app.register(accountRoutes, { services });
  await app.register(billingRoutes, { services });
  await app.register(designCreationRoutes, { services });
  await app.register(designViewRoutes, { services });
  await app.register(homeRoutes, { services });
  await app.register(designImagesRoutes, { services });
  await app.register(designTaskRoutes, { services });
  await app.register(specTaskRoutes, { services });
  await app.register(specCreationRoutes, { services });
  await app.register(designSharingRoutes, { services });
  await app.register(specDownloadRoutes, { services });
  await app.register(styleLensRoutes, { services });
  await app.register(specStyleLensRoutes, { services });
  await app.register(fileRoutes, { services });
  await app.register(adminRoutes, { services });
  await app.register(engineStatusRoutes, { services });
  await app.register(myDesignsRoutes, { services });
  await app.register(specDesignsRoutes, { services });
  await app.register(profileUpdateRoutes, { services });
  await app.register(privacyRoutes, { services });
  if (isLocalPayments(services.payments)) await app.register(localPaymentsRoutes, { services, payments: services.payments });

  await serveWeb(app, {
    webDist,
    site,
    samplesDir: config.SAMPLES_DIR,
    pageMeta: (pathname) => designPageMeta(services.database.db, config.PUBLIC_URL, pathname),
  });
  // Its own listener (loopback by default), never the public port; closed with the app.
  const metricsServer = await startConfiguredMetricsServer(config, services.metrics.registry, app.log);
  if (metricsServer) app.addHook('onClose', () => metricsServer.close());
  return Object.assign(app, { services, metricsServer }) as App;
}
