import sharp from 'sharp';
import type { RawImage } from './compose';
import type { RoomRegion } from './request-parts';

/**
 * Where a room photo's walls, floor and ceiling are, for the offline engine to colour the one a request
 * names (issue 51). No model: each surface is grown from seed points on a small, blurred copy of the
 * photo, pixel to neighbouring pixel while the step between them is small (a surface's shading changes
 * slowly; its edges with another surface, a window or a piece of furniture do not), and while it stays
 * near its seed's colour. The ceiling grows from the top centre and stays in the upper half, the floor
 * from the bottom centre and stays in the lower part, the walls from points at mid-height on each side
 * and on the back wall, and never into the other two. The masks come back at the photo's size, soft-edged.
 */

export type RegionMasks = Record<RoomRegion, Uint8Array>;

/** Width of the copy the regions are grown on. */
const WORK_WIDTH = 128;
/** Largest step between neighbouring pixels inside one surface (RGB distance, 0..441). */
const STEP = 9;
/** Farthest a surface's pixel may be from its seeds' colour. */
const FROM_SEED = 70;

/** Seeds as fractions of the frame, and the rows (fractions of the height) each surface may reach. */
const SEEDS: Record<RoomRegion, { points: readonly [number, number][]; top: number; bottom: number }> = {
  ceiling: {
    points: [
      [0.5, 0.02],
      [0.25, 0.02],
      [0.75, 0.02],
    ],
    top: 0,
    bottom: 0.5,
  },
  floor: {
    points: [
      [0.5, 0.97],
      [0.3, 0.97],
      [0.7, 0.97],
    ],
    top: 0.35,
    bottom: 1,
  },
  walls: {
    points: [
      [0.03, 0.45],
      [0.97, 0.45],
      [0.62, 0.3],
      [0.4, 0.25],
      [0.15, 0.3],
      [0.85, 0.3],
    ],
    top: 0,
    bottom: 1,
  },
};

export async function segmentRoom(room: RawImage): Promise<RegionMasks> {
  const height = Math.max(8, Math.round((WORK_WIDTH * room.height) / room.width));
  const small = await sharp(room.data, { raw: { width: room.width, height: room.height, channels: 3 } })
    .resize(WORK_WIDTH, height, { fit: 'fill' })
    .blur(0.8)
    .raw()
    .toBuffer();
  const taken = new Uint8Array(WORK_WIDTH * height);
  const grown = {} as Record<RoomRegion, Uint8Array>;
  for (const region of ['ceiling', 'floor', 'walls'] as const) {
    grown[region] = grow(small, WORK_WIDTH, height, SEEDS[region], taken);
    grown[region].forEach((v, i) => {
      if (v) taken[i] = 1;
    });
  }
  const masks = {} as RegionMasks;
  for (const region of ['ceiling', 'floor', 'walls'] as const) {
    const small255 = Buffer.from(grown[region].map((v) => (v ? 255 : 0)));
    masks[region] = new Uint8Array(
      await sharp(small255, { raw: { width: WORK_WIDTH, height, channels: 1 } })
        .resize(room.width, room.height, { fit: 'fill', kernel: 'linear' })
        .blur(Math.max(0.5, room.width / 600))
        .extractChannel(0)
        .raw()
        .toBuffer(),
    );
  }
  return masks;
}

function grow(pixels: Buffer, width: number, height: number, seeds: (typeof SEEDS)[RoomRegion], taken: Uint8Array): Uint8Array {
  const mask = new Uint8Array(width * height);
  const minY = Math.floor(seeds.top * height);
  const maxY = Math.min(height - 1, Math.ceil(seeds.bottom * height));
  const colourAt = (i: number): [number, number, number] => [pixels[i * 3] ?? 0, pixels[i * 3 + 1] ?? 0, pixels[i * 3 + 2] ?? 0];
  const distance = (a: readonly number[], b: readonly number[]) =>
    Math.hypot((a[0] ?? 0) - (b[0] ?? 0), (a[1] ?? 0) - (b[1] ?? 0), (a[2] ?? 0) - (b[2] ?? 0));
  for (const [fx, fy] of seeds.points) {
    const sx = Math.min(width - 1, Math.max(0, Math.round(fx * (width - 1))));
    const sy = Math.min(maxY, Math.max(minY, Math.round(fy * (height - 1))));
    const start = sy * width + sx;
    if (mask[start] || taken[start]) continue;
    const seedColour = colourAt(start);
    const queue = [start];
    mask[start] = 1;
    while (queue.length > 0) {
      const i = queue.pop() ?? 0;
      const x = i % width;
      const y = (i - x) / width;
      const here = colourAt(i);
      for (const [nx, ny] of [
        [x - 1, y],
        [x + 1, y],
        [x, y - 1],
        [x, y + 1],
      ] as const) {
        if (nx < 0 || nx >= width || ny < minY || ny > maxY) continue;
        const n = ny * width + nx;
        if (mask[n] || taken[n]) continue;
        const colour = colourAt(n);
        if (distance(colour, here) > STEP || distance(colour, seedColour) > FROM_SEED) continue;
        mask[n] = 1;
        queue.push(n);
      }
    }
  }
  return mask;
}
