import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

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

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ IMAGE_ENGINE: 'dalle' }, 'IMAGE_ENGINE'],
    [{ PAYMENTS: 'stripe' }, 'STRIPE_SECRET_KEY'],
    [{ NODE_ENV: 'production' }, 'AUTH_SECRET'],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
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

  it('reads ADMIN_EMAILS as a lowercased list', () => {
    expect(loadConfig({ ...base(), ADMIN_EMAILS: ' Ann@Example.com, bob@example.com ,' }).ADMIN_EMAILS).toEqual([
      'ann@example.com',
      'bob@example.com',
    ]);
  });
});
