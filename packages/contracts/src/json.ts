import { safeParse, type $ZodType, type output } from 'zod/v4/core';

/**
 * Stored or received JSON text read through its schema, never cast: the value, or undefined when the
 * text is not JSON or not of the schema's shape (the caller says what that means). Takes a schema of
 * zod or of zod/mini (the web's first scripts use the smaller one).
 */
export function readJson<Schema extends $ZodType>(schema: Schema, text: string): output<Schema> | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = safeParse(schema, value);
  return parsed.success ? parsed.data : undefined;
}
