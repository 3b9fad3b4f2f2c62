import { describe, expect, it } from 'vitest';
import { hasImageSignature } from './image-signature';

const file = (bytes: number[] | string, type = 'image/jpeg') => new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], 'x', { type });

describe('hasImageSignature', () => {
  it('knows a JPEG, a PNG and a WebP by their first bytes', async () => {
    expect(await hasImageSignature(file([0xff, 0xd8, 0xff, 0xdb, 0, 0]))).toBe(true);
    expect(await hasImageSignature(file([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe(true);
    expect(await hasImageSignature(file('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe(true);
  });

  it('refuses what only claims to be an image: text named .jpg, an empty file, a RIFF that is not WebP, HEIC', async () => {
    expect(await hasImageSignature(file('just some notes, not a photo'))).toBe(false);
    expect(await hasImageSignature(file([]))).toBe(false);
    expect(await hasImageSignature(file('RIFF\u0000\u0000\u0000\u0000WAVEfmt '))).toBe(false);
    expect(await hasImageSignature(file([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x68, 0x65, 0x69, 0x63]))).toBe(false);
  });
});
