import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, earlierDefaultDataDir, loadConfig, repositoryRoot } from './env';

const base = () => ({ DATA_DIR: path.join(mkdtempSync(path.join(tmpdir(), 'rv-env-')), 'nested', 'data') });

describe('configuration', () => {
  it('applies the documented defaults and creates DATA_DIR, nested folders included', () => {
    const env = base();
    const config = loadConfig(env);
    expect(config.PORT).toBe(3000);
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
    expect(config.IMAGE_ENGINE).toBe('local');
    expect(config.PAYMENTS).toBe('local');
    expect(config.STORAGE).toBe('local');
    expect(existsSync(env.DATA_DIR)).toBe(true);
    expect(config.AUTH_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig(env).AUTH_SECRET).toBe(config.AUTH_SECRET);
  });

  it("reads a relative DATA_DIR from the repository root, not the working directory (./data is the root's data folder)", () => {
    const root = repositoryRoot();
    expect(existsSync(path.join(root, 'apps', 'server', 'package.json'))).toBe(true);
    expect(root).toBe(path.resolve(import.meta.dirname, '../../../..'));
    const relative = `.data-env-test-${process.pid}`;
    const config = loadConfig({ DATA_DIR: relative });
    try {
      expect(config.DATA_DIR).toBe(path.join(root, relative));
    } finally {
      rmSync(config.DATA_DIR, { recursive: true, force: true });
    }
  });

  it("names the earlier default's database (apps/server/data) when the root's ./data has none, and only then", () => {
    const root = mkdtempSync(path.join(tmpdir(), 'rv-root-'));
    const data = { DATA_DIR: path.join(root, 'data') };
    const earlier = path.join(root, 'apps', 'server', 'data');
    expect(earlierDefaultDataDir(data, root)).toBeUndefined();
    mkdirSync(path.join(earlier, 'pglite'), { recursive: true });
    writeFileSync(path.join(earlier, 'pglite', 'PG_VERSION'), '17');
    expect(earlierDefaultDataDir(data, root)).toBe(earlier);
    expect(earlierDefaultDataDir({ DATA_DIR: path.join(root, 'elsewhere') }, root)).toBeUndefined();
    mkdirSync(path.join(root, 'data', 'pglite'), { recursive: true });
    writeFileSync(path.join(root, 'data', 'pglite', 'PG_VERSION'), '17');
    expect(earlierDefaultDataDir(data, root)).toBeUndefined();
    rmSync(root, { recursive: true, force: true });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ IMAGE_ENGINE: 'dalle' }, 'IMAGE_ENGINE'],
    [{ PAYMENTS: 'stripe' }, 'STRIPE_SECRET_KEY'],
    [{ NODE_ENV: 'production' }, 'AUTH_SECRET'],
    [{ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), ALLOW_DEMO_PROVIDERS: 'true' }, 'PUBLIC_URL'],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ GEMINI_IMAGE_MODEL: 'gemini 3 flash' }, 'GEMINI_IMAGE_MODEL'],
    [{ GEMINI_TEXT_MODEL: '-rm -rf' }, 'GEMINI_TEXT_MODEL'],
    [{ OPENAI_IMAGE_MODEL: 'gpt-image-2?x=1' }, 'OPENAI_IMAGE_MODEL'],
    [{ OPENAI_TEXT_MODEL: 'a'.repeat(201) }, 'OPENAI_TEXT_MODEL'],
    [{ OPENAI_BASE_URL: 'ftp://gateway' }, 'OPENAI_BASE_URL'],
    [{ OPENAI_BASE_URL: 'not a url' }, 'OPENAI_BASE_URL'],
    [{ GOOGLE_CLOUD_PROJECT: 'My Project' }, 'GOOGLE_CLOUD_PROJECT'],
    [{ GOOGLE_CLOUD_PROJECT: 'my-project', GOOGLE_CLOUD_LOCATION: 'us central' }, 'GOOGLE_CLOUD_LOCATION'],
    [{ IMAGE_ENGINE: 'gemini' }, 'GEMINI_API_KEY'],
    [{ ENGINE_PRICES: '{not json' }, 'ENGINE_PRICES'],
    [{ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://rooms.example', SMTP_URL: 'smtp://mail.example.com:587' }, 'MAIL_FROM'],
    [{ ENGINE_PRICES: '{"gpt-image-2":{"perImage":-1}}' }, 'ENGINE_PRICES'],
    [{ ENGINE_PRICES: '{"gpt-image-2":{"perPicture":0.1}}' }, 'ENGINE_PRICES'],
  ])('refuses %o naming %s', (bad, variable) => {
    let caught: unknown;
    try {
      loadConfig({ ...base(), ...bad });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).variables).toContain(variable);
    expect((caught as ConfigError).message).toContain(variable);
  });

  it("API_DOCS: the API's document is on in development and test, off in production unless switched on", () => {
    const production = { ...base(), NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://rooms.example', ALLOW_DEMO_PROVIDERS: 'true' };
    expect(loadConfig(base()).API_DOCS).toBe(true);
    expect(loadConfig({ ...base(), NODE_ENV: 'test' }).API_DOCS).toBe(true);
    expect(loadConfig(production).API_DOCS).toBe(false);
    expect(loadConfig({ ...production, API_DOCS: 'true' }).API_DOCS).toBe(true);
    expect(loadConfig({ ...base(), API_DOCS: 'false' }).API_DOCS).toBe(false);
  });

  it('METRICS_*: no listener unless METRICS_PORT is set, loopback by default; production off loopback needs METRICS_TOKEN', () => {
    const production = { ...base(), NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://rooms.example', ALLOW_DEMO_PROVIDERS: 'true' };
    const development = loadConfig(base());
    expect(development.METRICS_PORT).toBeUndefined();
    expect(development.METRICS_HOST).toBe('127.0.0.1');
    expect(loadConfig({ ...production, METRICS_PORT: '9464' })).toMatchObject({ METRICS_PORT: 9464, METRICS_HOST: '127.0.0.1' });
    expect(() => loadConfig({ ...production, METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' })).toThrow(
      /METRICS_TOKEN is required when METRICS_HOST \(10\.0\.0\.5\) is not a loopback address in production/,
    );
    expect(loadConfig({ ...production, METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5', METRICS_TOKEN: 't'.repeat(32) }).METRICS_TOKEN).toBe(
      't'.repeat(32),
    );
  });

  it("PASSWORD_HASH_COST: scrypt at 2^16 by default; less only outside production (the tests' cheaper hashes never reach it)", () => {
    const production = { ...base(), NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://rooms.example', ALLOW_DEMO_PROVIDERS: 'true' };
    expect(loadConfig(base()).PASSWORD_HASH_COST).toBe(16);
    expect(loadConfig(production).PASSWORD_HASH_COST).toBe(16);
    expect(loadConfig({ ...base(), PASSWORD_HASH_COST: '10' }).PASSWORD_HASH_COST).toBe(10);
    expect(() => loadConfig({ ...production, PASSWORD_HASH_COST: '10' })).toThrow(/PASSWORD_HASH_COST must be at least 16 in production/);
    expect(() => loadConfig({ ...base(), PASSWORD_HASH_COST: '4' })).toThrow(/PASSWORD_HASH_COST/);
  });

  it('reads ADMIN_EMAILS as a lowercased list', () => {
    expect(loadConfig({ ...base(), ADMIN_EMAILS: ' Ann@Example.com, bob@example.com ,' }).ADMIN_EMAILS).toEqual([
      'ann@example.com',
      'bob@example.com',
    ]);
  });

  it('parses the engine models, the gateway, Vertex AI and the price table', () => {
    const config = loadConfig({
      ...base(),
      IMAGE_ENGINE: 'gemini',
      VISION_ENGINE: 'openai',
      OPENAI_API_KEY: 'sk-test',
      GEMINI_IMAGE_MODEL: 'gemini-3-pro-image',
      GEMINI_TEXT_MODEL: 'gemini-3.5-flash',
      OPENAI_IMAGE_MODEL: 'gpt-image-2-2026-04-21',
      OPENAI_TEXT_MODEL: 'gpt-5.4-mini',
      OPENAI_BASE_URL: 'https://gateway.example.com/v1',
      GOOGLE_CLOUD_PROJECT: 'room-visualizer-prod',
      ENGINE_PRICES: '{"gemini-3-pro-image":{"inputPerMillionTokens":2,"outputPerMillionTokens":120}}',
    });
    expect(config).toMatchObject({
      GEMINI_IMAGE_MODEL: 'gemini-3-pro-image',
      GEMINI_TEXT_MODEL: 'gemini-3.5-flash',
      OPENAI_IMAGE_MODEL: 'gpt-image-2-2026-04-21',
      OPENAI_TEXT_MODEL: 'gpt-5.4-mini',
      OPENAI_BASE_URL: 'https://gateway.example.com/v1',
      GOOGLE_CLOUD_PROJECT: 'room-visualizer-prod',
      GOOGLE_CLOUD_LOCATION: 'global',
      ENGINE_PRICES: { 'gemini-3-pro-image': { inputPerMillionTokens: 2, outputPerMillionTokens: 120 } },
    });
    // Gemini through Vertex AI needs no API key.
    expect(config.GEMINI_API_KEY).toBeUndefined();
  });

  it('MAIL_FROM: a development sender by default; production with SMTP takes the configured one', () => {
    expect(loadConfig(base()).MAIL_FROM).toBe('Room Visualizer <no-reply@roomvisualizer.local>');
    const production = loadConfig({
      ...base(),
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(32),
      PUBLIC_URL: 'https://rooms.example',
      SMTP_URL: 'smtp://mail.example.com:587',
      MAIL_FROM: 'Room Visualizer <hello@roomvisualizer.example>',
      ALLOW_DEMO_PROVIDERS: 'true',
    });
    expect(production.MAIL_FROM).toBe('Room Visualizer <hello@roomvisualizer.example>');
  });
});

describe("production refuses the demo's stand-ins (ADR 036)", () => {
  const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://rooms.example' };
  const hosted = {
    PAYMENTS: 'stripe',
    STRIPE_SECRET_KEY: 'sk_live_51abc',
    STRIPE_PUBLISHABLE_KEY: 'pk_live_51abc',
    STRIPE_WEBHOOK_SECRET: 'whsec',
    STRIPE_PRICE_ID: 'price',
    IMAGE_ENGINE: 'openai',
    VISION_ENGINE: 'gemini',
    OPENAI_API_KEY: 'sk-test',
    GEMINI_API_KEY: 'gm-test',
    SMTP_URL: 'smtp://mail.example.com:587',
    MAIL_FROM: 'Room Visualizer <hello@roomvisualizer.example>',
  };
  const refusal = (env: Record<string, string>) => {
    try {
      loadConfig({ ...base(), ...env });
    } catch (error) {
      return error as ConfigError;
    }
    return undefined;
  };

  it('names every demo default left, in one message, with the setting that allows a demo', () => {
    const error = refusal(production);
    expect(error).toBeInstanceOf(ConfigError);
    expect(error?.variables).toEqual(['PAYMENTS', 'IMAGE_ENGINE', 'VISION_ENGINE', 'SMTP_URL']);
    expect(error?.message).toContain('PAYMENTS is local, the offline payment simulator');
    expect(error?.message).toContain('SMTP_URL is not set');
    expect(error?.message).toContain('for a single-machine demo set ALLOW_DEMO_PROVIDERS=true');
  });

  it.each(['PAYMENTS', 'IMAGE_ENGINE', 'VISION_ENGINE', 'SMTP_URL'])(
    'a hosted configuration with %s left to the demo is refused naming it alone',
    (variable) => {
      const env: Record<string, string> = { ...production, ...hosted, [variable]: variable === 'SMTP_URL' ? '' : 'local' };
      expect(refusal(env)?.variables).toEqual([variable]);
    },
  );

  it('starts with every provider hosted, or with ALLOW_DEMO_PROVIDERS=true; nothing changes outside production', () => {
    expect(refusal({ ...production, ...hosted })).toBeUndefined();
    expect(loadConfig({ ...base(), ...production, ALLOW_DEMO_PROVIDERS: 'true' }).ALLOW_DEMO_PROVIDERS).toBe(true);
    expect(loadConfig(base()).ALLOW_DEMO_PROVIDERS).toBe(false);
    expect(refusal({ ALLOW_DEMO_PROVIDERS: 'yes' })?.variables).toEqual(['ALLOW_DEMO_PROVIDERS']);
  });

  it.each([
    ['STRIPE_SECRET_KEY', { STRIPE_SECRET_KEY: 'sk_test_51abc' }, 'is a test-mode key (sk_test_...)'],
    ['STRIPE_SECRET_KEY', { STRIPE_SECRET_KEY: 'rk_test_51abc' }, 'is a test-mode key (sk_test_...)'],
    ['STRIPE_PUBLISHABLE_KEY', { STRIPE_PUBLISHABLE_KEY: 'pk_test_51abc' }, 'is a test-mode key (pk_test_...)'],
    ['STRIPE_API_URL', { STRIPE_API_URL: 'http://127.0.0.1:12111' }, 'is for tests only'],
  ])('refuses %s in production, even with ALLOW_DEMO_PROVIDERS=true: a test card must not buy a subscription', (variable, setting, words) => {
    for (const allow of ['false', 'true']) {
      const error = refusal({ ...production, ...hosted, ...setting, ALLOW_DEMO_PROVIDERS: allow });
      expect(error?.variables).toEqual([variable]);
      expect(error?.message).toContain(`${variable} ${words}`);
    }
    // Outside production, the tests' stand-in and test keys are what they are for.
    expect(refusal({ ...hosted, ...setting })).toBeUndefined();
  });

  it('refuses production without PUBLIC_URL: every mail link would point to localhost', () => {
    const { PUBLIC_URL: _unset, ...withoutUrl } = production;
    const error = refusal({ ...withoutUrl, ...hosted });
    expect(error?.variables).toEqual(['PUBLIC_URL']);
    expect(error?.message).toContain('PUBLIC_URL is required when NODE_ENV=production');
    expect(loadConfig({ ...base(), ...production, ...hosted }).PUBLIC_URL).toBe('https://rooms.example');
  });
});
