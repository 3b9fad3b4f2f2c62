import { describe, expect, it } from 'vitest';
import { cn } from './cn';

describe('cn', () => {
  it('keeps the later of two utilities for one property: a caller overrides a default', () => {
    expect(cn('inline-flex h-11 px-5 whitespace-nowrap', 'h-auto py-2 whitespace-normal')).toBe(
      'inline-flex px-5 h-auto py-2 whitespace-normal',
    );
    expect(cn('bg-brand-700 text-white text-base', 'bg-white text-slate-900')).toBe('text-base bg-white text-slate-900');
  });

  it('keeps utilities of other variants and properties, and joins as clsx does', () => {
    expect(cn('whitespace-nowrap', 'max-[319px]:whitespace-normal', { hidden: false, 'sm:flex': true }, ['w-full'])).toBe(
      'whitespace-nowrap max-[319px]:whitespace-normal sm:flex w-full',
    );
  });
});
