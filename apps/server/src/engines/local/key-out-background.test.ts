import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { keyOutBackground } from './key-out-background';

const svg = (body: string, width = 200, height = 160) =>
  sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`));

const alphaAt = (cut: { data: Buffer; width: number }, x: number, y: number) => cut.data[(y * cut.width + x) * 4 + 3] ?? -1;

describe('keyOutBackground', () => {
  it('keys out a plain white background and trims to the item, keeping white parts inside the item', async () => {
    const photo = await svg(
      '<rect width="200" height="160" fill="#ffffff"/><rect x="40" y="30" width="120" height="100" fill="#2e6b4f"/><rect x="80" y="60" width="40" height="40" fill="#ffffff"/>',
    )
      .jpeg({ quality: 95 })
      .toBuffer();
    const cut = await keyOutBackground(photo);
    expect(cut.method).toBe('keyed');
    expect(cut.width).toBeGreaterThanOrEqual(118);
    expect(cut.width).toBeLessThanOrEqual(124);
    expect(cut.height).toBeGreaterThanOrEqual(98);
    expect(cut.height).toBeLessThanOrEqual(104);
    expect(alphaAt(cut, Math.floor(cut.width / 2), 5)).toBe(255); // the green body
    expect(alphaAt(cut, Math.floor(cut.width / 2), Math.floor(cut.height / 2))).toBe(255); // the white patch inside stays
  });

  it('keeps the transparency of a cut-out PNG', async () => {
    const photo = await svg('<circle cx="100" cy="80" r="50" fill="#c2643c"/>').png().toBuffer();
    const cut = await keyOutBackground(photo);
    expect(cut.method).toBe('alpha');
    expect(cut.width).toBeLessThanOrEqual(102);
    expect(alphaAt(cut, 0, 0)).toBe(0);
  });

  it('gives a busy background a soft oval instead of a hard box', async () => {
    const stripes = Array.from(
      { length: 20 },
      (_, i) => `<rect x="${i * 10}" width="10" height="160" fill="${i % 2 ? '#202020' : '#e0c040'}"/>`,
    ).join('');
    const cut = await keyOutBackground(await svg(stripes).png().toBuffer());
    expect(cut.method).toBe('vignette');
    expect(alphaAt(cut, 0, 0)).toBe(0);
    expect(alphaAt(cut, Math.floor(cut.width / 2), Math.floor(cut.height / 2))).toBe(255);
  });
});
