import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { drawRoom } from '@rv/testing/test-rooms';
import { segmentRoom } from './segment-room';

/** The share of a drawn room's surface (points inside it, as fractions of the frame) a mask covers. */
function covered(mask: Uint8Array, width: number, height: number, points: readonly [number, number][]): number {
  const inside = points.filter(([fx, fy]) => (mask[Math.round(fy * (height - 1)) * width + Math.round(fx * (width - 1))] ?? 0) > 127);
  return inside.length / points.length;
}

/** Points well inside each surface of test-rooms' default room (back wall 0.3-0.72 x 0.22-0.68, window on its left). */
const CEILING: [number, number][] = [
  [0.5, 0.05],
  [0.3, 0.08],
  [0.7, 0.1],
  [0.5, 0.15],
];
const FLOOR: [number, number][] = [
  [0.5, 0.95],
  [0.2, 0.97],
  [0.8, 0.9],
  [0.55, 0.78],
];
const WALLS: [number, number][] = [
  [0.1, 0.5],
  [0.9, 0.3],
  [0.62, 0.4],
  [0.65, 0.6],
  [0.2, 0.4],
];
const WINDOW: [number, number][] = [
  [0.4, 0.35],
  [0.45, 0.45],
];

describe('finding the walls, floor and ceiling of a room photo', () => {
  it('covers each surface and none of the others, nor the window', async () => {
    const png = await drawRoom();
    const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const masks = await segmentRoom({ data, width: info.width, height: info.height });
    const at = (region: keyof typeof masks, points: [number, number][]) => covered(masks[region], info.width, info.height, points);
    expect([at('ceiling', CEILING), at('floor', FLOOR), at('walls', WALLS)]).toEqual([1, 1, 1]);
    expect([at('ceiling', [...FLOOR, ...WALLS]), at('floor', [...CEILING, ...WALLS]), at('walls', [...CEILING, ...FLOOR])]).toEqual([
      0, 0, 0,
    ]);
    expect(at('walls', WINDOW)).toBe(0);
  });
});
