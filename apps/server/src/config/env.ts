import { isIP } from 'node:net';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { engineNames } from '@rv/contracts/domain';
import { configuredSecrets, secretRedactor } from './redact-secrets';

/**
 * The one module that reads the environment. It is parsed once at boot; a bad or missing required
 * value stops the process with a message that names the variable.
 */
const optionalUrl = z.url().optional();

/** scrypt's cost for password hashes in production, at least (PASSWORD_HASH_COST; auth/password-hash.ts). */
export const PRODUCTION_PASSWORD_HASH_COST = 16;
/** A provider's model name as its API takes it: letters, digits and . - _ : / @, no spaces. */
const modelName = z.string().regex(/^[A-Za-z0-9][\w.:/@-]{0,199}$/, 'must be a model name such as gemini-nano-banana-2.1');
/**
 * US dollars per million tokens, split as the providers bill them, and per image made (each optional:
 * what the provider bills). Input is text input; image input falls back to it. Output is text output;
 * thinking and image output fall back to it.
 */
export const enginePrice = z
  .object({
    inputPerMillionTokens: z.number().min(0),
    imageInputPerMillionTokens: z.number().min(0),
    outputPerMillionTokens: z.number().min(0),
    thinkingPerMillionTokens: z.number().min(0),
    imageOutputPerMillionTokens: z.number().min(0),
    perImage: z.number().min(0),
  })
  .partial()
  .strict();
export type EnginePrice = z.infer<typeof enginePrice>;

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    PUBLIC_URL: optionalUrl,
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .url()
      .refine((u) => /^postgres(ql)?:/.test(u), 'must be a postgres:// URL')
      .optional(),
    AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SMTP_URL: z
      .url()
      .refine((u) => /^smtps?:/.test(u), 'must be an smtp:// or smtps:// URL')
      .optional(),
    /** The sender of every mail; required in production with SMTP (the development default is no address a mail service accepts). */
    MAIL_FROM: z.string().min(3).optional(),
    ADMIN_EMAILS: z.string().default(''),
    IMAGE_ENGINE: z.enum(engineNames).default('local'),
    VISION_ENGINE: z.enum(engineNames).default('local'),
    GEMINI_API_KEY: z.string().optional(),
    OPENAI_API_KEY: z.string().optional(),
    /**
     * The models the engines call (defaults and what each accepts in engines/gemini/gemini-models.ts and engines/openai/openai-models.ts, ADR 021). A model
     * those tables do not know is described by the settings below and its prices in ENGINE_PRICES.
     */
    GEMINI_IMAGE_MODEL: modelName.optional(),
    GEMINI_TEXT_MODEL: modelName.optional(),
    OPENAI_IMAGE_MODEL: modelName.optional(),
    OPENAI_TEXT_MODEL: modelName.optional(),
    /** For a Gemini or OpenAI image model the tables do not know: the input images one request may carry, and the output size. */
    GEMINI_MAX_INPUT_IMAGES: z.coerce.number().int().min(1).max(64).optional(),
    GEMINI_OUTPUT_SIZE: z.enum(['1K', '2K', '4K']).optional(),
    OPENAI_MAX_INPUT_IMAGES: z.coerce.number().int().min(1).max(64).optional(),
    /** 'free' (any WIDTHxHEIGHT within 3:1, in multiples of 16) or the sizes the model takes, such as 1024x1024,1536x1024. */
    OPENAI_OUTPUT_SIZE: z
      .string()
      .regex(/^(free|\d{2,5}x\d{2,5}(,\d{2,5}x\d{2,5})*)$/, "must be 'free' or sizes such as 1024x1024,1536x1024")
      .transform((value): 'free' | string[] => (value === 'free' ? 'free' : value.split(',')))
      .optional(),
    /** An OpenAI-compatible gateway or self-hosted server instead of api.openai.com (e.g. https://gateway.example/v1). */
    OPENAI_BASE_URL: z
      .url()
      .refine((u) => /^https?:/.test(u), 'must be an http(s):// URL')
      .optional(),
    /** Gemini through Vertex AI (application default credentials) instead of an API key. */
    GOOGLE_CLOUD_PROJECT: z
      .string()
      .regex(/^[a-z][a-z0-9-]{4,29}$/, 'must be a Google Cloud project id')
      .optional(),
    GOOGLE_CLOUD_LOCATION: z
      .string()
      .regex(/^[a-z0-9-]+$/, 'must be a Google Cloud location such as global or us-central1')
      .default('global'),
    /** Prices of the engines' usage by model, as JSON, added to the built-in table (engines/engine-prices.ts). */
    ENGINE_PRICES: z
      .string()
      .transform((text, ctx) => {
        try {
          const prices: unknown = JSON.parse(text);
          return prices;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'must be JSON' });
          return z.NEVER;
        }
      })
      .pipe(z.record(modelName, enginePrice))
      .optional(),
    PAYMENTS: z.enum(['local', 'stripe']).default('local'),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    STRIPE_PRICE_ID: z.string().optional(),
    /** Where Stripe's API is (Stripe's own by default; the local stand-in in tests). */
    STRIPE_API_URL: optionalUrl,
    STORAGE: z.enum(['local', 's3']).default('local'),
    S3_BUCKET: z.string().optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_ENDPOINT: optionalUrl,
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    /** The OpenID discovery document (Google's by default; a local provider in tests). */
    GOOGLE_DISCOVERY_URL: optionalUrl,
    WALKTHROUGH_VIDEO_URL: optionalUrl,
    TUTORIAL_VIDEO_URL: optionalUrl,
    TESTIMONIALS_EMBED_URL: optionalUrl,
    FAQ_URL: z.string().default('/how-it-works#faq'),
    GALLERY_URL: z.string().default('/how-it-works#gallery'),
    FEATURE_REQUEST_URL: z.string().default('/how-it-works#feature-requests'),
    SAMPLES_DIR: z.string().optional(),
    /** all: serve and work jobs (the embedded default); web: serve only (scale-out, with `npm run worker`). */
    ROLE: z.enum(['all', 'web']).default('all'),
    /**
     * Which proxies in front of the server may say who the client is (X-Forwarded-For): unset or `false`
     * trusts none (the address of the connection is the client's), a number trusts that many hops, a
     * comma list trusts those addresses or ranges (`10.0.0.0/8`, `loopback`...). Every per-IP limit reads it.
     */
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((text, ctx): false | number | string[] => {
        const value = text.trim();
        if (value === 'false' || value === '0') return false;
        if (/^\d+$/.test(value)) return Number(value);
        const entries = value
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean);
        const bad = entries.find((entry) => !isProxyAddress(entry));
        if (bad === undefined && entries.length > 0) return entries;
        ctx.addIssue({ code: 'custom', message: `must be false, a hop count or a comma list of proxy addresses (not '${bad ?? value}')` });
        return z.NEVER;
      }),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** `json` lines or `pretty` one-line text; unset, pretty on a terminal and JSON otherwise (lib/log-format.ts). */
    LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
    /**
     * How long one attempt of a generation or refinement job may run. A job whose worker died is retried (or
     * failed and refunded) once this has passed; engine calls are cut at 80% of it, so they end first.
     */
    JOB_EXPIRY_SECONDS: z.coerce.number().int().min(5).max(3600).default(300),
    /**
     * On SIGTERM or SIGINT the process exits within this (ADR 066): requests in flight finish, streams end
     * with a retry hint, running jobs get half of it to finish and are then given back; whatever still
     * hangs at the end is cut off. Below Kubernetes' 30-s grace period by default.
     */
    SHUTDOWN_DEADLINE_MS: z.coerce.number().int().min(1000).max(600_000).default(25_000),
    /**
     * How long one event stream (a design, a refinement, Fix Room or a StyleLens being made) stays open before it
     * ends with a `reconnect` event and the browser asks again (ADR 066): below the longest a proxy in front lets
     * one request last (30 s is common; the default leaves 5 s to spare).
     */
    EVENT_STREAM_WINDOW_MS: z.coerce.number().int().min(1000).max(600_000).default(25_000),
    /** Artificial latency of every local engine call (rehearsing slow providers and crashes mid-job); 0 in use. */
    LOCAL_ENGINE_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(0),
    WEB_DIST_DIR: z.string().optional(),
    /**
     * Production refuses the demo's offline stand-ins (local payments, the local engines, the outbox);
     * `true` allows them on purpose, for a single-machine demo (ADR 036).
     */
    ALLOW_DEMO_PROVIDERS: z
      .enum(['true', 'false', '1', '0'], "must be 'true' or 'false'")
      .default('false')
      .transform((value) => value === 'true' || value === '1'),
    /**
     * The Prometheus metrics listener (docs/deploy.md, 'Metrics'): a port of its own, apart from the public
     * one, on METRICS_HOST (loopback by default); unset, no listener. Each process (web or worker) has its own.
     */
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    METRICS_HOST: z.string().default('127.0.0.1'),
    /** When set, the metrics listener answers only `Authorization: Bearer <token>`; required in production off loopback. */
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    /**
     * scrypt's cost for new password hashes, as a power of two (N = 2^cost): 16, OWASP's listed strength
     * (64 MiB and ~0.4 s of a core per hash), and never less in production; the tests use 10.
     */
    PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(PRODUCTION_PASSWORD_HASH_COST),
    /**
     * OpenTelemetry traces (docs/deploy.md, 'Traces'; ADR 059): with an OTLP/HTTP endpoint set, each process
     * sends its spans there; unset, none are made. The exporter reads OpenTelemetry's other standard
     * variables (OTEL_EXPORTER_OTLP_HEADERS, ...) itself.
     */
    OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: optionalUrl,
    OTEL_SERVICE_NAME: z.string().min(1).optional(),
    /** The API's document (/api/docs and its JSON): always outside production, in production only with API_DOCS=true. */
    API_DOCS: z.enum(['true', 'false']).optional(),
  })
  .superRefine((env, ctx) => {
    const need = (name: keyof typeof env, when: string) => {
      if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: `is required when ${when}` });
    };
    if (env.NODE_ENV === 'production') {
      need('AUTH_SECRET', 'NODE_ENV=production');
      need('PUBLIC_URL', 'NODE_ENV=production (every link in every e-mail, and the cross-site check, use it)');
      for (const { variable, message } of testOnlyPayments(env)) ctx.addIssue({ code: 'custom', path: [variable], message });
    }
    if (env.NODE_ENV === 'production' && !env.ALLOW_DEMO_PROVIDERS)
      for (const { variable, message } of demoProviders(env))
        ctx.addIssue({ code: 'custom', path: [variable], message, params: { demo: true } });
    if (env.NODE_ENV === 'production' && env.PASSWORD_HASH_COST < PRODUCTION_PASSWORD_HASH_COST)
      ctx.addIssue({
        code: 'custom',
        path: ['PASSWORD_HASH_COST'],
        message: `must be at least ${PRODUCTION_PASSWORD_HASH_COST} in production`,
      });
    if (env.NODE_ENV === 'production' && env.SMTP_URL)
      need('MAIL_FROM', 'SMTP_URL is set in production (a sender your mail service accepts)');
    if ((env.IMAGE_ENGINE === 'gemini' || env.VISION_ENGINE === 'gemini') && !env.GOOGLE_CLOUD_PROJECT)
      need('GEMINI_API_KEY', 'an engine is gemini (or set GOOGLE_CLOUD_PROJECT for Vertex AI)');
    if (env.IMAGE_ENGINE === 'openai' || env.VISION_ENGINE === 'openai') need('OPENAI_API_KEY', 'an engine is openai');
    if (env.PAYMENTS === 'stripe') {
      for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_ID'] as const)
        need(name, 'PAYMENTS=stripe');
    }
    if (env.NODE_ENV === 'production' && env.METRICS_PORT !== undefined && !isLoopback(env.METRICS_HOST))
      need('METRICS_TOKEN', `METRICS_HOST (${env.METRICS_HOST}) is not a loopback address in production`);
    if (env.STORAGE === 's3') {
      for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) need(name, 'STORAGE=s3');
    }
  });

export type Env = z.infer<typeof envSchema>;

/** What ALLOW_DEMO_PROVIDERS permits, said once after the list of the demo's stand-ins production found. */
const DEMO_HINT =
  "production refuses the demo's offline stand-ins; for a single-machine demo set ALLOW_DEMO_PROVIDERS=true (see docs/deploy.md)";

/**
 * The offline stand-ins this configuration would run on, each with the variable that replaces it: the
 * payment simulator (any test card buys a subscription for nothing), the local engines (offline
 * previews sold as redesigns), the outbox (every e-mail, sign-in links included, kept in a folder).
 */
export function demoProviders(env: {
  PAYMENTS: string;
  IMAGE_ENGINE: string;
  VISION_ENGINE: string;
  SMTP_URL?: string | undefined;
}): { variable: string; message: string }[] {
  const found: { variable: string; message: string }[] = [];
  if (env.PAYMENTS === 'local')
    found.push({
      variable: 'PAYMENTS',
      message:
        'is local, the offline payment simulator (a test card buys a subscription for nothing): set PAYMENTS=stripe and its STRIPE_* keys',
    });
  if (env.IMAGE_ENGINE === 'local')
    found.push({
      variable: 'IMAGE_ENGINE',
      message: 'is local, offline previews instead of redesigns: set IMAGE_ENGINE=gemini or openai and its key',
    });
  if (env.VISION_ENGINE === 'local')
    found.push({
      variable: 'VISION_ENGINE',
      message: 'is local, measured palettes instead of a vision model: set VISION_ENGINE=gemini or openai and its key',
    });
  if (!env.SMTP_URL)
    found.push({
      variable: 'SMTP_URL',
      message: 'is not set, so every e-mail (sign-in links included) stays in DATA_DIR/outbox: set SMTP_URL and MAIL_FROM',
    });
  return found;
}

/**
 * Payment settings that only tests may use, refused in production whatever else is allowed: Stripe's
 * test-mode keys (a test card buys a subscription for nothing) and STRIPE_API_URL (a stand-in for Stripe).
 */
export function testOnlyPayments(env: {
  STRIPE_SECRET_KEY?: string | undefined;
  STRIPE_PUBLISHABLE_KEY?: string | undefined;
  STRIPE_API_URL?: string | undefined;
}): { variable: string; message: string }[] {
  const found: { variable: string; message: string }[] = [];
  if (env.STRIPE_SECRET_KEY && /^(sk|rk)_test_/.test(env.STRIPE_SECRET_KEY))
    found.push({ variable: 'STRIPE_SECRET_KEY', message: 'is a test-mode key (sk_test_...): production takes a live key (sk_live_...)' });
  if (env.STRIPE_PUBLISHABLE_KEY?.startsWith('pk_test_'))
    found.push({
      variable: 'STRIPE_PUBLISHABLE_KEY',
      message: 'is a test-mode key (pk_test_...): production takes a live key (pk_live_...)',
    });
  if (env.STRIPE_API_URL)
    found.push({ variable: 'STRIPE_API_URL', message: "is for tests only (a stand-in for Stripe's API): unset it in production" });
  return found;
}

/** 127.0.0.0/8, ::1 or localhost: only this machine reaches a listener there. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || (isIP(host) === 4 && host.startsWith('127.'));
}

/** An address, a CIDR range, or one of proxy-addr's names for the private ranges. */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  if (rest.length || !isIP(address)) return false;
  if (bits === undefined) return true;
  const max = isIP(address) === 4 ? 32 : 128;
  return /^\d+$/.test(bits) && Number(bits) <= max;
}

/** The sender outside production (the outbox and local SMTP test servers accept it; real services do not). */
const DEVELOPMENT_MAIL_FROM = 'Room Visualizer <no-reply@roomvisualizer.local>';

export interface Config extends Omit<Env, 'PUBLIC_URL' | 'AUTH_SECRET' | 'ADMIN_EMAILS' | 'MAIL_FROM' | 'API_DOCS'> {
  PUBLIC_URL: string;
  MAIL_FROM: string;
  AUTH_SECRET: string;
  ADMIN_EMAILS: string[];
  isProduction: boolean;
  /** Whether /api/docs and its JSON are served (API_DOCS, else on outside production only). */
  API_DOCS: boolean;
  /** Masks every configured secret in a text bound for a log, a row or an answer (config/redact-secrets.ts). */
  redactSecrets: (text: string) => string;
}

export class ConfigError extends Error {
  constructor(
    public readonly variables: string[],
    detail: string,
  ) {
    super(`Invalid configuration: ${detail}`);
    this.name = 'ConfigError';
  }
}

/** Parses the given environment (process.env by default) and prepares DATA_DIR. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(source).map(([k, v]) => [k, emptyAsUndefined(v)]));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const variables = parsed.error.issues.map((issue) => String(issue.path[0] ?? 'environment'));
    const issues = parsed.error.issues.map((issue) => `${String(issue.path[0])} ${issue.message}`);
    const demo = parsed.error.issues.some((issue) => issue.code === 'custom' && (issue.params as { demo?: boolean } | undefined)?.demo);
    throw new ConfigError(variables, [...issues, ...(demo ? [DEMO_HINT] : [])].join('; '));
  }
  const env = parsed.data;
  const dataDir = path.resolve(repositoryRoot(), env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const authSecret = env.AUTH_SECRET ?? developmentSecret(dataDir);
  return {
    ...env,
    DATA_DIR: dataDir,
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    AUTH_SECRET: authSecret,
    MAIL_FROM: env.MAIL_FROM ?? DEVELOPMENT_MAIL_FROM,
    ADMIN_EMAILS: env.ADMIN_EMAILS.split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
    isProduction: env.NODE_ENV === 'production',
    API_DOCS: env.API_DOCS === undefined ? env.NODE_ENV !== 'production' : env.API_DOCS === 'true',
    redactSecrets: secretRedactor(configuredSecrets({ ...env, AUTH_SECRET: authSecret })),
  };
}

/**
 * This process's environment with `extra` added, for a child process that needs one more variable (the
 * database's password for pg_dump and pg_restore, never on their command line, where `ps` shows it).
 */
export function environmentWith(extra: Record<string, string>): Record<string, string | undefined> {
  return { ...process.env, ...extra };
}

/**
 * The folder a relative DATA_DIR is read from: the repository's root, as the README says (`./data`),
 * whatever the working directory (npm runs the server's scripts in apps/server). The root is found from
 * this module's place, in the sources (apps/server/src/config) or the build (apps/server/dist); a server
 * copied away from the repository reads it from the working directory.
 */
export function repositoryRoot(): string {
  for (let dir = import.meta.dirname, up = 0; up < 5; dir = path.dirname(dir), up++) {
    if (existsSync(path.join(dir, 'apps', 'server', 'package.json')) && existsSync(path.join(dir, 'package.json'))) return dir;
  }
  return process.cwd();
}

/**
 * The database of earlier starts when it is left where the default DATA_DIR used to resolve
 * (apps/server/data, npm's working directory for the server) and the default now finds none: the
 * operator is told to move it, rather than meet an empty database.
 */
export function earlierDefaultDataDir(config: Pick<Config, 'DATA_DIR'>, root = repositoryRoot()): string | undefined {
  if (config.DATA_DIR !== path.join(root, 'data')) return undefined;
  const earlier = path.join(root, 'apps', 'server', 'data');
  const found = (dir: string) => existsSync(path.join(dir, 'pglite', 'PG_VERSION'));
  return found(earlier) && !found(config.DATA_DIR) ? earlier : undefined;
}

/** Outside production a secret is generated once and kept in DATA_DIR, so sessions survive restarts. */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
