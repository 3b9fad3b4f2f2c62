import sharp from 'sharp';
import type { RawImage } from './compose';

/**
 * Fix Room without a model: the room's structure with the drifted design's colours.
 *
 * Each output channel is a local affine function of the room's luma, out = a(x, y) · roomLuma + b(x, y),
 * with a and b varying smoothly (a guided filter, He et al. 2010): a and b are fitted so that, around
 * every point, the output has the design's local mean and follows the room's edges. For luma the
 * gain a is kept at least MIN_LUMA_GAIN, so the room's walls, windows and doors stay visible even where
 * the design painted over them; chroma follows the design freely. The coefficients are fitted on a
 * small copy and interpolated, so big photos stay fast. No pixel moves: the edges are the room's.
 */

/** The coefficient maps are fitted at this width at most. */
const FIT_WIDTH = 320;
/** Neighbourhood radius of the fit, in pixels at the fitting size. */
const RADIUS = 3;
/** Regularisation of the fit (in 0..1 units squared): larger gives flatter, smoother colour. */
const EPSILON = 0.004;
/** The room's own local contrast kept in the luma, at least. */
const MIN_LUMA_GAIN = 0.65;

interface Planes {
  y: Float32Array;
  cb: Float32Array;
  cr: Float32Array;
}

function toPlanes(rgb: Buffer, n: number): Planes {
  const y = new Float32Array(n);
  const cb = new Float32Array(n);
  const cr = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const r = (rgb[i * 3] ?? 0) / 255;
    const g = (rgb[i * 3 + 1] ?? 0) / 255;
    const b = (rgb[i * 3 + 2] ?? 0) / 255;
    y[i] = 0.299 * r + 0.587 * g + 0.114 * b;
    cb[i] = -0.168736 * r - 0.331264 * g + 0.5 * b;
    cr[i] = 0.5 * r - 0.418688 * g - 0.081312 * b;
  }
  return { y, cb, cr };
}

/** Mean over a (2r+1)² box, clipped at the borders, via an integral image. */
function boxMean(values: Float32Array, width: number, height: number, r: number): Float32Array {
  const stride = width + 1;
  const integral = new Float64Array(stride * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += values[y * width + x] ?? 0;
      integral[(y + 1) * stride + x + 1] = (integral[y * stride + x + 1] ?? 0) + row;
    }
  }
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(height, y + r + 1);
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - r);
      const x1 = Math.min(width, x + r + 1);
      const sum =
        (integral[y1 * stride + x1] ?? 0) -
        (integral[y0 * stride + x1] ?? 0) -
        (integral[y1 * stride + x0] ?? 0) +
        (integral[y0 * stride + x0] ?? 0);
      out[y * width + x] = sum / ((x1 - x0) * (y1 - y0));
    }
  }
  return out;
}

/** Smoothed guided-filter coefficients (a, b) fitting `target` as a · guide + b. */
function fit(
  guide: Float32Array,
  target: Float32Array,
  width: number,
  height: number,
  minGain?: number,
): { a: Float32Array; b: Float32Array } {
  const n = width * height;
  const product = new Float32Array(n);
  const square = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    product[i] = (guide[i] ?? 0) * (target[i] ?? 0);
    square[i] = (guide[i] ?? 0) ** 2;
  }
  const meanI = boxMean(guide, width, height, RADIUS);
  const meanP = boxMean(target, width, height, RADIUS);
  const meanIP = boxMean(product, width, height, RADIUS);
  const meanII = boxMean(square, width, height, RADIUS);
  const a = new Float32Array(n);
  const b = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const mi = meanI[i] ?? 0;
    const variance = (meanII[i] ?? 0) - mi * mi;
    let gain = ((meanIP[i] ?? 0) - mi * (meanP[i] ?? 0)) / (variance + EPSILON);
    if (minGain !== undefined) gain = Math.max(minGain, gain);
    a[i] = gain;
    b[i] = (meanP[i] ?? 0) - gain * mi;
  }
  return { a: boxMean(a, width, height, RADIUS), b: boxMean(b, width, height, RADIUS) };
}

/** Bilinear sample of a small map at a fractional position. */
function sample(map: Float32Array, width: number, height: number, fx: number, fy: number): number {
  const x = Math.min(width - 1, Math.max(0, fx));
  const y = Math.min(height - 1, Math.max(0, fy));
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const x1 = Math.min(width - 1, x0 + 1);
  const y1 = Math.min(height - 1, y0 + 1);
  const tx = x - x0;
  const ty = y - y0;
  const top = (map[y0 * width + x0] ?? 0) * (1 - tx) + (map[y0 * width + x1] ?? 0) * tx;
  const bottom = (map[y1 * width + x0] ?? 0) * (1 - tx) + (map[y1 * width + x1] ?? 0) * tx;
  return top * (1 - ty) + bottom * ty;
}

/** The room's structure with the design's colours and light, at the room's size. */
export async function restoreStructure(room: RawImage, design: RawImage): Promise<RawImage> {
  const width = Math.min(FIT_WIDTH, room.width);
  const height = Math.max(1, Math.round((width * room.height) / room.width));
  const shrink = (image: RawImage) =>
    sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
      .resize(width, height, { fit: 'fill' })
      .raw()
      .toBuffer();
  const [smallRoom, smallDesign] = await Promise.all([shrink(room), shrink(design)]);
  const guide = toPlanes(smallRoom, width * height).y;
  const target = toPlanes(smallDesign, width * height);
  const luma = fit(guide, target.y, width, height, MIN_LUMA_GAIN);
  const blue = fit(guide, target.cb, width, height);
  const red = fit(guide, target.cr, width, height);

  const out = Buffer.alloc(room.width * room.height * 3);
  const clamp = (v: number) => (v <= 0 ? 0 : v >= 1 ? 255 : Math.round(v * 255));
  const sx = width / room.width;
  const sy = height / room.height;
  for (let y = 0; y < room.height; y++) {
    const fy = (y + 0.5) * sy - 0.5;
    for (let x = 0; x < room.width; x++) {
      const i = y * room.width + x;
      const fx = (x + 0.5) * sx - 0.5;
      const r = (room.data[i * 3] ?? 0) / 255;
      const g = (room.data[i * 3 + 1] ?? 0) / 255;
      const b = (room.data[i * 3 + 2] ?? 0) / 255;
      const I = 0.299 * r + 0.587 * g + 0.114 * b;
      const Y = sample(luma.a, width, height, fx, fy) * I + sample(luma.b, width, height, fx, fy);
      const Cb = sample(blue.a, width, height, fx, fy) * I + sample(blue.b, width, height, fx, fy);
      const Cr = sample(red.a, width, height, fx, fy) * I + sample(red.b, width, height, fx, fy);
      out[i * 3] = clamp(Y + 1.402 * Cr);
      out[i * 3 + 1] = clamp(Y - 0.344136 * Cb - 0.714136 * Cr);
      out[i * 3 + 2] = clamp(Y + 1.772 * Cb);
    }
  }
  return { data: out, width: room.width, height: room.height };
}
