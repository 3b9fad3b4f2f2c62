import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { REFINE_MASK } from '@rv/contracts/constants';
import { compositeInMask, featheredWeight, maskPixels } from './composite-in-mask';

const WIDTH = 1200;
const HEIGHT = 900;

/** A noisy picture (every pixel its own), so a pixel taken from the wrong place shows. */
const noise = (width: number, height: number) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();

/** The radii of an ellipse centred on the picture covering about `share` of it. */
const radii = (share: number) => ({ rx: Math.sqrt(share / Math.PI) * WIDTH, ry: Math.sqrt(share / Math.PI) * HEIGHT });

/** A mask (one channel of 0 and 255, as refine-mask.ts stores it) painted where the SVG shapes are. */
function maskOf(shapes: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">${shapes}</svg>`;
  return sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#000000' } })
    .composite([{ input: Buffer.from(svg) }])
    .extractChannel(0)
    .toColourspace('b-w')
    .threshold(128)
    .png()
    .toBuffer();
}

/** An ellipse covering about `share` of the picture. */
function ellipseMask(share: number) {
  const { rx, ry } = radii(share);
  return maskOf(`<ellipse cx="${WIDTH / 2}" cy="${HEIGHT / 2}" rx="${rx}" ry="${ry}" fill="#fff"/>`);
}

describe('compositeInMask', () => {
  for (const share of [0.05, 0.2, 0.6, 0.95]) {
    it(`keeps the base's own pixels outside a painted area of ${share * 100}% and the answer's well inside it`, async () => {
      const base = await noise(WIDTH, HEIGHT);
      const answer = await noise(WIDTH, HEIGHT);
      const mask = await ellipseMask(share);
      const result = await compositeInMask(base, answer, mask);
      expect([result.width, result.height]).toEqual([WIDTH, HEIGHT]);

      const basePixels = await sharp(base).raw().toBuffer();
      const stretched = await sharp(answer).raw().toBuffer();
      const painted = (await maskPixels(mask)).data;
      // Well inside: the ellipse drawn smaller by twice the feather on each side.
      const { rx, ry } = radii(share);
      const inset = REFINE_MASK.featherPx * 2 + 1;
      const isInner = (i: number) =>
        ((i % WIDTH) + 0.5 - WIDTH / 2) ** 2 / (rx - inset) ** 2 + (Math.floor(i / WIDTH) + 0.5 - HEIGHT / 2) ** 2 / (ry - inset) ** 2 < 1;
      let outsideChanged = 0;
      let innerOff = 0;
      let innerPixels = 0;
      for (let i = 0; i < WIDTH * HEIGHT; i++) {
        for (let c = 0; c < 3; c++) {
          const p = i * 3 + c;
          if (!painted[i] && result.data[p] !== basePixels[p]) outsideChanged++;
          if (isInner(i) && Math.abs(result.data[p]! - stretched[p]!) > 1) innerOff++;
        }
        if (isInner(i)) innerPixels++;
      }
      expect(innerPixels).toBeGreaterThan(0);
      expect({ outsideChanged, innerOff }).toEqual({ outsideChanged: 0, innerOff: 0 });
    });
  }

  for (const [w, h, share] of [
    [800, 600, 0.6],
    [800, 600, 0.1],
    [1600, 1000, 0.6],
  ]) {
    it(`fits an answer of ${w}x${h} (a hosted model's own size) onto the base, ${share! * 100}% painted`, async () => {
      const base = await noise(WIDTH, HEIGHT);
      const answer = await sharp({ create: { width: w!, height: h!, channels: 3, background: '#e020c0' } })
        .png()
        .toBuffer();
      const result = await compositeInMask(base, answer, await ellipseMask(share!));
      const basePixels = await sharp(base).raw().toBuffer();
      const centre = (HEIGHT / 2) * WIDTH + WIDTH / 2;
      expect([...result.data.subarray(centre * 3, centre * 3 + 3)]).toEqual([0xe0, 0x20, 0xc0]);
      expect(result.data.subarray(0, WIDTH * 3).equals(basePixels.subarray(0, WIDTH * 3))).toBe(true);
    });
  }

  it("lands an answer of a hosted model's own size where the picture's edges are (fitted by shrinking, not enlarging)", async () => {
    // One drawing of lines and shapes, drawn at the base's size (what the answer should become) and at a
    // model's 900x600, whole and centred, its own margins at the sides (a model's wider answer of the same
    // picture); inside the painted area the fitted answer must match the drawing at the base's size.
    let seed = 7;
    const next = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const shapes = Array.from({ length: 300 }, (_, i) => {
      const [x, y, colour] = [
        next() * WIDTH,
        next() * HEIGHT,
        `rgb(${[next(), next(), next()].map((c) => Math.floor(c * 255)).join(',')})`,
      ];
      return i % 2
        ? `<line x1="${x}" y1="${y}" x2="${x + next() * 200 - 100}" y2="${y + next() * 200 - 100}" stroke="${colour}" stroke-width="${1 + next() * 3}"/>`
        : `<circle cx="${x}" cy="${y}" r="${3 + next() * 30}" fill="${colour}"/>`;
    }).join('');
    const drawing = (width: number, height: number) =>
      sharp(
        Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${WIDTH} ${HEIGHT}" preserveAspectRatio="xMidYMid meet"><rect width="100%" height="100%" fill="#d8cfc0"/>${shapes}</svg>`,
        ),
      )
        .removeAlpha()
        .png()
        .toBuffer();
    const expected = await sharp(await drawing(WIDTH, HEIGHT))
      .raw()
      .toBuffer();
    const mask = await ellipseMask(0.6);
    const result = await compositeInMask(await noise(WIDTH, HEIGHT), await drawing(900, 600), mask);
    const { rx, ry } = radii(0.6);
    const inset = REFINE_MASK.featherPx * 2 + 1;
    let squares = 0;
    let count = 0;
    for (let i = 0; i < WIDTH * HEIGHT; i++) {
      if (
        ((i % WIDTH) + 0.5 - WIDTH / 2) ** 2 / (rx - inset) ** 2 + (Math.floor(i / WIDTH) + 0.5 - HEIGHT / 2) ** 2 / (ry - inset) ** 2 >=
        1
      )
        continue;
      for (let c = 0; c < 3; c++) squares += (result.data[i * 3 + c]! - expected[i * 3 + c]!) ** 2;
      count += 3;
    }
    const psnr = 10 * Math.log10((255 * 255) / (squares / count));
    expect(psnr).toBeGreaterThan(34);
  });

  it('answers the base itself when nothing is painted', async () => {
    const base = await noise(WIDTH, HEIGHT);
    const empty = await sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#000000' } })
      .extractChannel(0)
      .toColourspace('b-w')
      .png()
      .toBuffer();
    const result = await compositeInMask(base, await noise(640, 480), empty);
    expect(result.data.equals(await sharp(base).raw().toBuffer())).toBe(true);
  });

  it('refuses a mask that is not the size of the base', async () => {
    const smaller = await sharp(await ellipseMask(0.2))
      .resize(600, 450)
      .png()
      .toBuffer();
    await expect(compositeInMask(await noise(WIDTH, HEIGHT), await noise(640, 480), smaller)).rejects.toThrow(
      'the mask is not the size of the base image',
    );
  });

  it('keeps an unpainted gap one pixel wide between two painted areas exactly the base', async () => {
    const gap = WIDTH / 2;
    const mask = await maskOf(
      `<rect x="100" y="100" width="${gap - 100}" height="600" fill="#fff"/><rect x="${gap + 1}" y="100" width="400" height="600" fill="#fff"/>`,
    );
    const base = await noise(WIDTH, HEIGHT);
    const result = await compositeInMask(base, await noise(WIDTH, HEIGHT), mask);
    const basePixels = await sharp(base).raw().toBuffer();
    const weight = await featheredWeight(await maskPixels(mask));
    let gapChanged = 0;
    for (let y = 100; y < 700; y++) {
      const p = (y * WIDTH + gap) * 3;
      if (!result.data.subarray(p, p + 3).equals(basePixels.subarray(p, p + 3))) gapChanged++;
    }
    expect(gapChanged).toBe(0);
    // Either side of the gap the weight has risen again within twice the feather.
    expect(weight[400 * WIDTH + gap - REFINE_MASK.featherPx * 2]).toBe(255);
    expect(weight[400 * WIDTH + gap + 1 + REFINE_MASK.featherPx * 2]).toBe(255);
  });
});
