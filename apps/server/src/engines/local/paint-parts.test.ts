import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@rv/contracts/messages';
import { briefWith, slotFor } from '../../../test/engine-fixtures';
import { drawRoom, redItemOnWhite } from '@rv/testing/test-rooms';
import type { LabelledImage } from '../../domain/design-brief';
import { FIDELITY_THRESHOLD, scoreArchitectureFidelity } from '../fidelity/architecture-fidelity';
import { deltaE, rgbToLab, type Rgb } from './colour-names';
import { createLocalImageEngine } from './local-image-engine';

/**
 * Issue 51: the local engine paints the part a request names, leaves the rest as it was, and says what it did
 * not do. Measured on the pixels of test-rooms' drawn room (its surfaces are known).
 */

const png = (data: Buffer, role: LabelledImage['role'] = 'room'): LabelledImage => ({ ...slotFor(role), data, mimeType: 'image/png' });
const options = { requestKey: 'job-1:design' };

type Raw = { data: Buffer; width: number; height: number };
async function raw(image: Buffer): Promise<Raw> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
const at = (image: Raw, x: number, y: number): Rgb => {
  const i = (y * image.width + x) * 3;
  return [image.data[i] ?? 0, image.data[i + 1] ?? 0, image.data[i + 2] ?? 0];
};
/** Mean colour and mean per-pixel distance (CIELAB) between two images over a box of the frame (fractions). */
function compare(a: Raw, b: Raw, [x0, y0, x1, y1]: [number, number, number, number]) {
  let distance = 0;
  let n = 0;
  const mean = [0, 0, 0];
  for (let y = Math.floor(y0 * a.height); y < Math.floor(y1 * a.height); y++) {
    for (let x = Math.floor(x0 * a.width); x < Math.floor(x1 * a.width); x++) {
      const pa = at(a, x, y);
      distance += deltaE(rgbToLab(pa), rgbToLab(at(b, x, y)));
      pa.forEach((v, c) => (mean[c] = (mean[c] ?? 0) + v));
      n++;
    }
  }
  const [red = 0, green = 0, blue = 0] = mean.map((v) => v / n);
  const meanColour: Rgb = [red, green, blue];
  return { distance: distance / n, mean: meanColour };
}
/** How much greener than red and blue a colour is, and its hue in degrees. */
const greenness = ([r, g, b]: Rgb) => g - (r + b) / 2;

let room: Buffer;
let before: Raw;
beforeAll(async () => {
  room = await drawRoom();
  before = await raw(room);
});

describe('local image engine: the colour asked for, on the part named', () => {
  it('"a dark green armchair and a bookshelf": the armchair turns green, the rest stays, and it says it cannot add a bookshelf', async () => {
    const engine = createLocalImageEngine();
    const design = async (additionalText: string) => {
      const result = await engine.redesign(
        {
          prompt: 'p',
          brief: briefWith({ additionalText, items: [{ description: 'my armchair', placement: 'left' }] }),
          room: png(room),
          references: [{ ...slotFor('item', 0), data: await redItemOnWhite(), mimeType: 'image/jpeg' }],
          count: 1,
        },
        options,
      );
      return { image: await raw(result.images[0]?.data ?? Buffer.alloc(0)), notes: result.notes, data: result.images[0]?.data };
    };
    const asked = await design('a dark green armchair and a bookshelf');
    const plain = await design('');

    // The armchair (placed on the left, bottom): where the plain design shows it red, the asked one shows it green.
    let greener = 0;
    let redInPlain = 0;
    for (let y = 0; y < before.height; y++) {
      for (let x = 0; x < before.width / 2; x++) {
        const [r, g, b] = at(plain.image, x, y);
        if (r > 150 && g < 80 && b < 80) {
          redInPlain++;
          if (greenness(at(asked.image, x, y)) > 10) greener++;
        }
      }
    }
    expect(redInPlain).toBeGreaterThan(1000);
    expect(greener / redInPlain).toBeGreaterThan(0.95);
    // The rest of the room (right of the armchair and its shadow, above the corner label) is the photo's own.
    const rest = compare(asked.image, before, [0.45, 0, 1, 0.85]);
    expect(rest.distance).toBeLessThan(2.5);
    expect(greenness(rest.mean)).toBeLessThan(greenness(compare(before, before, [0.45, 0, 1, 0.85]).mean) + 1.5); // no green cast
    expect(asked.notes).toEqual([messages.localEngine.cannotAdd('bookshelf')]);
    expect(asked.notes?.[0]).toBe('The local preview engine cannot add a bookshelf; a real engine would.');
    expect(plain.notes).toBeUndefined();
    expect(await scoreArchitectureFidelity(room, asked.data ?? Buffer.alloc(0))).toBeGreaterThanOrEqual(FIDELITY_THRESHOLD);
  });

  it('"sage green walls": the walls move to sage green, the floor and ceiling stay within a small distance', async () => {
    const result = await createLocalImageEngine().redesign(
      { prompt: 'p', brief: briefWith({ styleDescription: 'sage green walls' }), room: png(room), references: [], count: 1 },
      options,
    );
    const after = await raw(result.images[0]?.data ?? Buffer.alloc(0));
    const sage = rgbToLab([0x9c, 0xaf, 0x88]);
    const backWall = [0.62, 0.3, 0.7, 0.6] as [number, number, number, number];
    const sideWall = [0.05, 0.35, 0.2, 0.6] as [number, number, number, number];
    for (const wall of [backWall, sideWall]) {
      const was = compare(before, before, wall).mean;
      const now = compare(after, before, wall).mean;
      expect(greenness(now)).toBeGreaterThan(greenness(was) + 10);
      expect(deltaE(rgbToLab(now), sage)).toBeLessThan(deltaE(rgbToLab(was), sage) / 2);
    }
    expect(compare(after, before, [0.3, 0.01, 0.7, 0.12]).distance).toBeLessThan(3); // the ceiling
    expect(compare(after, before, [0.3, 0.8, 0.6, 0.99]).distance).toBeLessThan(3); // the floor
    expect(result.notes).toBeUndefined();
    expect(await scoreArchitectureFidelity(room, result.images[0]?.data ?? Buffer.alloc(0))).toBeGreaterThanOrEqual(FIDELITY_THRESHOLD);
  });

  it('says what it cannot change: a surface it does not find, a piece it cannot add', async () => {
    const result = await createLocalImageEngine().redesign(
      {
        prompt: 'p',
        brief: briefWith({ styleDescription: 'navy cabinets', additionalText: 'curtains, and an oak sideboard' }),
        room: png(room),
        references: [],
        count: 1,
      },
      options,
    );
    expect(result.notes).toEqual([
      'The local preview engine could not find the cabinets in your photo, so it did not make them navy; a real engine would.',
      'The local preview engine cannot add curtains; a real engine would.',
      'The local preview engine cannot add an oak sideboard; a real engine would.',
    ]);
  });
});
