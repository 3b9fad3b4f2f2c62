import { z } from 'zod';
import * as zm from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { readJson } from './json';

describe('readJson', () => {
  const record = z.object({ type: z.literal('magic-link'), email: z.string() });

  it('answers the value of a JSON text of the schema’s shape, with zod and with zod/mini', () => {
    expect(readJson(record, '{"type":"magic-link","email":"a@b.c"}')).toEqual({ type: 'magic-link', email: 'a@b.c' });
    expect(readJson(zm.array(zm.string()), '["/a.js","/b.js"]')).toEqual(['/a.js', '/b.js']);
  });

  it('answers undefined for a text that is not JSON, or not of the shape', () => {
    expect(readJson(record, '{"type":"magic-link"')).toBeUndefined();
    expect(readJson(record, '{"type":"email-change","email":"a@b.c"}')).toBeUndefined();
    expect(readJson(zm.array(zm.string()), '[1]')).toBeUndefined();
    expect(readJson(record, '')).toBeUndefined();
  });
});
