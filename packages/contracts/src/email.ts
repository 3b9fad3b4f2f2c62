import { z } from 'zod';
import { messages } from './messages';

/** The spec's e-mail rule: trimmed, lowercased and stripped of line breaks, then validated. */
export function normalizeEmail(raw: string): string {
  return raw
    .replace(/[\r\n]+/g, '')
    .trim()
    .toLowerCase();
}

const BASIC_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailSchema = z
  .string({ error: messages.validation.invalidEmail })
  .transform(normalizeEmail)
  .pipe(
    z
      .string()
      .min(1, messages.validation.invalidEmail)
      .max(254, messages.validation.invalidEmail)
      .regex(BASIC_EMAIL, messages.validation.invalidEmailFormat),
  );

export const optionalEmailSchema = z
  .string()
  .transform(normalizeEmail)
  .pipe(z.union([z.literal(''), z.string().max(254).regex(BASIC_EMAIL, messages.validation.invalidEmailFormat)]));
