import sharp, { type Sharp } from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIDELITY_THRESHOLD, fidelityParts, scoreArchitectureFidelity } from './architecture-fidelity';
import { drawRoom, furnitureOverlay } from '@rv/testing/test-rooms';

const W = 480;
const H = 360;
const svg = (body: string) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${body}</svg>`);
const png = (image: Sharp) => image.png().toBuffer();

const art = svg('<rect x="240" y="100" width="70" height="50" fill="#203050" stroke="#c9a548" stroke-width="4"/>');
const curtains = svg(
  '<rect x="160" y="90" width="22" height="140" fill="#c2643c"/><rect x="228" y="90" width="22" height="140" fill="#c2643c"/>' +
    '<line x1="150" y1="90" x2="260" y2="90" stroke="#333" stroke-width="3"/>',
);
const wallpaper = svg(
  '<defs><pattern id="p" width="12" height="12" patternUnits="userSpaceOnUse"><line x1="0" y1="0" x2="0" y2="12" stroke="#806040" stroke-width="2" opacity="0.5"/></pattern></defs>' +
    '<rect x="145" y="80" width="200" height="165" fill="url(#p)"/>',
);
const blueRoom = { backWall: '#7a8aa0', sideWalls: '#6a7a90', floor: '#d0c8b8' };

let room: Buffer;
const sameScores = new Map<string, number>();
const differentScores = new Map<string, number>();

beforeAll(async () => {
  room = await drawRoom();
});

async function score(into: Map<string, number>, name: string, result: Buffer): Promise<number> {
  const value = await scoreArchitectureFidelity(room, result);
  into.set(name, value);
  return value;
}

describe('scoreArchitectureFidelity: the same room keeps a score at or above the threshold', () => {
  const sameRoom: [string, () => Promise<Buffer>][] = [
    ['identical', async () => room],
    [
      're-coloured (green walls, pale floor, dark door)',
      () =>
        drawRoom({
          colours: { backWall: '#5a7a5a', sideWalls: '#4f6a4f', floor: '#c8c0b0', ceiling: '#ffffff', door: '#333333', lines: '#222222' },
        }),
    ],
    [
      're-coloured pale, low contrast',
      () => drawRoom({ colours: { backWall: '#e8e4dc', sideWalls: '#e0dcd4', floor: '#d8d0c0', lines: '#c0b8a8' } }),
    ],
    ['darker, warmer, more saturated', () => png(sharp(room).modulate({ brightness: 0.6, saturation: 1.4 }).tint('#ffcc99'))],
    ['JPEG quality 50', () => sharp(room).jpeg({ quality: 50 }).toBuffer()],
    ['blurred', () => png(sharp(room).blur(1.2))],
    ['at 2.5× the size', () => sharp(room).resize(1200).jpeg().toBuffer()],
    ['with furniture', async () => png(sharp(room).composite([{ input: await furnitureOverlay() }]))],
    [
      're-coloured with furniture',
      async () => png(sharp(await drawRoom({ colours: blueRoom })).composite([{ input: await furnitureOverlay() }])),
    ],
    ['wallpapered back wall', () => png(sharp(room).composite([{ input: wallpaper }]))],
    ['art on the wall', () => png(sharp(room).composite([{ input: art }]))],
    ['curtains at the window', () => png(sharp(room).composite([{ input: curtains }]))],
    [
      're-coloured, furnished, art, curtains, darker, JPEG',
      async () =>
        sharp(await drawRoom({ colours: blueRoom }))
          .composite([{ input: await furnitureOverlay() }, { input: art }, { input: curtains }])
          .modulate({ brightness: 0.8 })
          .jpeg({ quality: 60 })
          .toBuffer(),
    ],
  ];
  it.each(sameRoom)('%s', async (name, make) => {
    expect(await score(sameScores, name, await make())).toBeGreaterThanOrEqual(FIDELITY_THRESHOLD);
  });
});

describe('scoreArchitectureFidelity: a different room scores below the threshold', () => {
  const rotate = async (degrees: number) =>
    png(sharp(await png(sharp(room).rotate(degrees, { background: '#888888' }))).resize(W, H, { fit: 'cover' }));
  const differentRoom: [string, () => Promise<Buffer>][] = [
    ['window moved', () => drawRoom({ windowAt: 0.72 })],
    ['door moved', () => drawRoom({ doorAt: 0.05 })],
    ['window and door moved, re-coloured', () => drawRoom({ windowAt: 0.72, doorAt: 0.05, colours: blueRoom })],
    ['perspective changed', () => drawRoom({ backWall: [0.18, 0.28, 0.55, 0.62] })],
    ['camera slightly moved', () => drawRoom({ backWall: [0.25, 0.2, 0.67, 0.7] })],
    ['flipped left-right', () => png(sharp(room).flop())],
    ['flipped upside down', () => png(sharp(room).flip())],
    ['rotated 3°', () => rotate(3)],
    ['rotated 5°', () => rotate(5)],
    ['cropped to 80 %', () => png(sharp(room).extract({ left: 48, top: 36, width: 384, height: 288 }).resize(W, H))],
    ['cropped to 90 %', () => png(sharp(room).extract({ left: 24, top: 18, width: 432, height: 324 }).resize(W, H))],
    ['another aspect ratio (portrait cut)', () => png(sharp(room).extract({ left: 120, top: 0, width: 240, height: H }))],
    ['a blank image', () => png(sharp({ create: { width: W, height: H, channels: 3, background: '#cccccc' } }))],
    [
      'furnished, but the window moved',
      async () => png(sharp(await drawRoom({ windowAt: 0.72 })).composite([{ input: await furnitureOverlay() }])),
    ],
  ];
  it.each(differentRoom)('%s', async (name, make) => {
    expect(await score(differentScores, name, await make())).toBeLessThan(FIDELITY_THRESHOLD);
  });
});

describe('scoreArchitectureFidelity: properties', () => {
  it('is 1 for the same image and stays within 0..1', async () => {
    expect(await scoreArchitectureFidelity(room, room)).toBeCloseTo(1, 5);
    const parts = await fidelityParts(room, await drawRoom({ windowAt: 0.72 }));
    expect(parts.global).toBeGreaterThan(FIDELITY_THRESHOLD); // the camera did not move…
    expect(parts.local).toBeLessThan(FIDELITY_THRESHOLD); // …but the window patch became plain wall
    for (const p of parts.patches) {
      expect(p).toBeGreaterThanOrEqual(0);
      expect(p).toBeLessThanOrEqual(1);
    }
  });

  it('is deterministic and fast enough for every result of every design', async () => {
    const other = await drawRoom({ colours: blueRoom });
    const started = performance.now();
    const first = await scoreArchitectureFidelity(room, other);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(await scoreArchitectureFidelity(room, other)).toBe(first);
  });

  it('leaves a clear margin on both sides of the threshold', () => {
    // Filled by the two groups above (tests in a file run in order).
    expect(sameScores.size).toBeGreaterThan(10);
    expect(differentScores.size).toBeGreaterThan(10);
    expect(Math.min(...sameScores.values())).toBeGreaterThanOrEqual(FIDELITY_THRESHOLD + 0.05);
    expect(Math.max(...differentScores.values())).toBeLessThanOrEqual(FIDELITY_THRESHOLD - 0.1);
  });
});
