/** The configured values that are secrets: each is masked wherever a text reaches a log, a row or an answer. */
export const SECRET_VARIABLES = [
  'AUTH_SECRET',
  'GEMINI_API_KEY',
  'OPENAI_API_KEY',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'S3_SECRET_ACCESS_KEY',
  'GOOGLE_CLIENT_SECRET',
  'METRICS_TOKEN',
] as const;

/** What a secret becomes in a text. */
export const REDACTED = '[secret redacted]';

/** Shorter values are not masked: they would mask ordinary words, and no secret we accept is that short. */
const SHORTEST_SECRET = 8;

/**
 * The secret values of a configuration: the variables above, and the password inside SMTP_URL (as
 * written and as decoded, since a service may quote either).
 */
export function configuredSecrets(
  env: Partial<Record<(typeof SECRET_VARIABLES)[number], string | undefined>> & { SMTP_URL?: string | undefined },
): string[] {
  const values: string[] = SECRET_VARIABLES.map((name) => env[name] ?? '');
  if (env.SMTP_URL) {
    try {
      const { password } = new URL(env.SMTP_URL);
      values.push(password, decodeURIComponent(password));
    } catch {
      // Not a URL: the configuration refuses it before anything could be logged.
    }
  }
  return [...new Set(values)].filter((value) => value.length >= SHORTEST_SECRET);
}

/**
 * Masks every occurrence of each secret, by value, whatever the text around it: as written, and as it
 * appears inside a JSON string (a log line), longest first so a secret containing another is masked whole.
 */
export function secretRedactor(secrets: readonly string[]): (text: string) => string {
  const forms = [...new Set(secrets.flatMap((secret) => [secret, JSON.stringify(secret).slice(1, -1)]))].sort((a, b) => b.length - a.length);
  if (forms.length === 0) return (text) => text;
  return (text) => {
    let masked = text;
    for (const form of forms) if (masked.includes(form)) masked = masked.replaceAll(form, REDACTED);
    return masked;
  };
}
