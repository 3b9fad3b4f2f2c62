// 'Change only here' (ADR 022): compositing an engine's answer into a 2048 px base inside the painted area
// (sharp: decode the base and the answer, stretch the answer, feather the mask, blend the painted box), for
// a sofa-sized area, most of the picture and nearly all of it (the largest area a mask may have), on a
// pixel thread as the server runs it (ADR 028), the handing of the images there and back included; the
// CPU time beside the wall time (sharp's threads included: on a machine shared with other work it is the
// steadier figure), and the lossless encode of the stored result.
import sharp from 'sharp';
import { LOSSLESS_RESULT_WEBP } from '../apps/server/src/engines/mask/composite-in-mask';
import { compositeOnPixelThread } from '../apps/server/src/engines/mask/composite-on-pixel-thread';
import { closePixelPool } from '../apps/server/src/engines/pixel-threads/pixel-pool';
import { median } from './median';

async function measure<T>(fn: () => Promise<T>): Promise<{ wall: number; cpu: number; value: T }> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const value = await fn();
  const used = process.cpuUsage(cpu);
  return { wall: performance.now() - started, cpu: (used.user + used.system) / 1000, value };
}

/** `image`: a photo-like picture of any size, made into the 2048x1536 base and a 1536x1024 answer (a hosted model's own size). */
export async function benchMaskedCompositing(image: Buffer): Promise<void> {
  sharp.cache(false); // as the server runs (uploads/image-slots.ts)
  const width = 2048;
  const height = 1536;
  const base = await sharp(image).resize(width, height, { fit: 'fill' }).webp({ quality: 88 }).toBuffer();
  const answer = await sharp(image).flop().resize(1536, 1024, { fit: 'fill' }).png().toBuffer();
  const shape = (svg: string) =>
    sharp({ create: { width, height, channels: 3, background: '#000000' } })
      .composite([{ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${svg}</svg>`) }])
      .extractChannel(0)
      .toColourspace('b-w')
      .png()
      .toBuffer(); // one channel of 0 and 255, as refine-mask.ts stores it
  const ellipse = (rx: number, ry: number) =>
    shape(`<ellipse cx="${width * 0.45}" cy="${height * 0.62}" rx="${rx * width}" ry="${ry * height}" fill="#fff"/>`);
  // Nearly all of the picture: everything but a margin (the refine form refuses more than 95%).
  const margin = (1 - Math.sqrt(0.95)) / 2;
  const nearlyAll = shape(
    `<rect x="${margin * width}" y="${margin * height}" width="${(1 - 2 * margin) * width}" height="${(1 - 2 * margin) * height}" fill="#fff"/>`,
  );
  // Measured apart: its buffers would otherwise be collected by the main thread during the compositing.
  const decode: number[] = [];
  for (let i = 0; i < 7; i++) decode.push((await measure(() => sharp(base).raw().toBuffer())).wall);
  console.log(`masked refinement, 2048x1536 lossy WebP base: sharp's decode of it alone median ${median(decode).toFixed(0)} ms`);
  for (const [label, mask] of [
    ['a sofa-sized area', await ellipse(0.28, 0.23)],
    ['most of the picture', await ellipse(0.48, 0.42)],
    ['nearly all of it', await nearlyAll],
  ] as const) {
    const { data } = await sharp(mask).raw().toBuffer({ resolveWithObject: true });
    const share = data.reduce((painted, value) => painted + (value ? 1 : 0), 0) / data.length;
    const wall: number[] = [];
    const cpu: number[] = [];
    const encode: number[] = [];
    await compositeOnPixelThread(base, answer, mask); // the thread's start is not the compositing's
    for (let i = 0; i < 7; i++) {
      const composited = await measure(() => compositeOnPixelThread(base, answer, mask));
      wall.push(composited.wall);
      cpu.push(composited.cpu);
      if (i < 3) {
        const kept = composited.value;
        encode.push(
          (
            await measure(() =>
              sharp(kept.data, { raw: { width, height, channels: 3 } })
                .webp(LOSSLESS_RESULT_WEBP)
                .toBuffer(),
            )
          ).wall,
        );
      }
    }
    console.log(
      `masked refinement, 2048x1536, ${label} (${Math.round(share * 100)}% painted): compositing on a pixel thread median ${median(wall).toFixed(0)} ms (target < 150 ms; CPU ${median(cpu).toFixed(0)} ms); lossless WebP of the stored result ${median(encode).toFixed(0)} ms`,
    );
  }
  await closePixelPool();
}
