import { describe, expect, it } from 'vitest';
import { configuredSecrets, REDACTED, secretRedactor } from './redact-secrets';

describe('secrets are masked by value', () => {
  const secrets = configuredSecrets({
    AUTH_SECRET: 'a'.repeat(32),
    OPENAI_API_KEY: 'gw-live-7Hq2Lm9Xc4Vb8Nz1',
    STRIPE_SECRET_KEY: 'sk_live_51HqQuote"Back\\slash',
    METRICS_TOKEN: 'metrics-token-0123456789',
    SMTP_URL: 'smtp://mailer:p%40ss-w0rd-long@mail.example.com:587',
    GEMINI_API_KEY: 'short',
  });
  const redact = secretRedactor(secrets);

  it('takes every configured secret, the SMTP password as written and decoded, and none too short to be one', () => {
    expect(secrets).toEqual(
      expect.arrayContaining(['gw-live-7Hq2Lm9Xc4Vb8Nz1', 'metrics-token-0123456789', 'p%40ss-w0rd-long', 'p@ss-w0rd-long']),
    );
    expect(secrets).not.toContain('short');
  });

  it('masks a secret anywhere in a text, and inside a JSON line where it is escaped', () => {
    expect(redact('401: key gw-live-7Hq2Lm9Xc4Vb8Nz1 refused')).toBe(`401: key ${REDACTED} refused`);
    expect(redact('auth failed for p@ss-w0rd-long')).toBe(`auth failed for ${REDACTED}`);
    const line = JSON.stringify({ msg: 'stripe said', cause: 'bad key sk_live_51HqQuote"Back\\slash' });
    expect(redact(line)).not.toContain('sk_live_51HqQuote');
    expect(JSON.parse(redact(line)).cause).toBe(`bad key ${REDACTED}`);
    expect(redact('nothing secret here: short')).toBe('nothing secret here: short');
  });

  it('with no secrets configured, leaves texts as they are', () => {
    expect(secretRedactor([])('gw-live-7Hq2Lm9Xc4Vb8Nz1')).toBe('gw-live-7Hq2Lm9Xc4Vb8Nz1');
  });
});
