import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { hexToRgb } from './colour-names';
import { kMeansPalette, measureImage, measurePixels, readPixels } from './measure-image';

const solid = (hex: string, width = 80, height = 60) => {
  const [r, g, b] = hexToRgb(hex);
  return sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();
};

/** Vertical bands of colours, each a given share of the width. */
const bands = (parts: [string, number][], width = 200, height = 100) => {
  let x = 0;
  const rects = parts
    .map(([hex, share]) => {
      const w = Math.round(share * width);
      const rect = `<rect x="${x}" y="0" width="${w}" height="${height}" fill="${hex}"/>`;
      x += w;
      return rect;
    })
    .join('');
  return sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${rects}</svg>`))
    .png()
    .toBuffer();
};

describe('measureImage', () => {
  it('names the single colour of a solid photo', async () => {
    const measures = await measureImage(await solid('#1f2e50'));
    expect(measures.palette).toHaveLength(1);
    expect(measures.palette[0]).toMatchObject({ name: 'navy', share: 1 });
  });

  it('finds each colour of a three-colour photo with its share, largest first', async () => {
    const measures = await measureImage(
      await bands([
        ['#c2643c', 0.5],
        ['#9caf88', 0.3],
        ['#f7f7f5', 0.2],
      ]),
    );
    expect(measures.palette.map((p) => p.name)).toEqual(['terracotta', 'sage green', 'white']);
    const shares = measures.palette.map((p) => p.share);
    expect(shares[0]).toBeCloseTo(0.5, 1);
    expect(shares[1]).toBeCloseTo(0.3, 1);
    expect(shares[2]).toBeCloseTo(0.2, 1);
  });

  it('is deterministic', async () => {
    const photo = await bands([
      ['#1f2e50', 0.4],
      ['#eee0c2', 0.35],
      ['#c9a548', 0.25],
    ]);
    expect(await measureImage(photo)).toEqual(await measureImage(photo));
  });

  it('measures light, contrast and warmth', async () => {
    const white = await measureImage(await solid('#ffffff'));
    const black = await measureImage(await solid('#000000'));
    expect(white.light).toBeCloseTo(1, 2);
    expect(black.light).toBeCloseTo(0, 2);
    expect(white.contrast).toBeCloseTo(0, 3);
    const halves = await measureImage(
      await bands([
        ['#000000', 0.5],
        ['#ffffff', 0.5],
      ]),
    );
    expect(halves.contrast).toBeCloseTo(0.5, 1);
    const orange = await measureImage(await solid('#e08040'));
    const blue = await measureImage(await solid('#4080e0'));
    expect(orange.warmth).toBeGreaterThan(0.3);
    expect(blue.warmth).toBeLessThan(-0.3);
    expect(orange.colourfulness).toBeGreaterThan(white.colourfulness);
  });

  it('reads any photo as size × size RGB', async () => {
    const pixels = await readPixels(await solid('#808080', 300, 20), 16);
    expect(pixels.length).toBe(16 * 16 * 3);
    expect(measurePixels(pixels).light).toBeCloseTo(128 / 255, 2);
  });

  it('returns an empty palette for no pixels', () => {
    expect(kMeansPalette(new Uint8Array(0))).toEqual([]);
  });
});
