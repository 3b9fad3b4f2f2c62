import sharp from 'sharp';

/**
 * Edge maps for the architecture-fidelity score (architecture-fidelity.ts says why edges): the image
 * shrunk to a small greyscale frame, its Sobel edges normalised to the image's own strong-edge level, and
 * blurred a little. Per-pixel work: it runs on a pixel thread (../pixel-threads).
 */

/** Gaussian blur of the edge maps, in pixels at the frame's size. */
const BLUR_SIGMA = 2;
/** Edge strengths are divided by this percentile of the image's own edge strengths, then capped at 1. */
const NORMALISING_PERCENTILE = 0.95;
/** …and an edge at this share of that level already counts fully: an edge is there or not. */
const EDGE_LEVEL = 0.3;

export interface Frame {
  width: number;
  height: number;
}

async function greyFrame(image: Buffer, frame: Frame): Promise<Float32Array> {
  const data = await sharp(image)
    .rotate()
    .resize(frame.width, frame.height, { fit: 'fill' })
    .flatten({ background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer();
  const grey = new Float32Array(frame.width * frame.height);
  // greyscale() + raw() gives one channel
  const channels = Math.round(data.length / grey.length);
  for (let i = 0; i < grey.length; i++) grey[i] = (data[i * channels] ?? 0) / 255;
  return grey;
}

/** Sobel gradient magnitude (the one-pixel border is left at 0). */
export function sobelMagnitude(grey: Float32Array, width: number, height: number): Float32Array {
  const out = new Float32Array(width * height);
  const g = (i: number) => grey[i] ?? 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const nw = g(i - width - 1);
      const n = g(i - width);
      const ne = g(i - width + 1);
      const w = g(i - 1);
      const e = g(i + 1);
      const sw = g(i + width - 1);
      const s = g(i + width);
      const se = g(i + width + 1);
      const gx = ne + 2 * e + se - nw - 2 * w - sw;
      const gy = sw + 2 * s + se - nw - 2 * n - ne;
      out[i] = Math.sqrt(gx * gx + gy * gy);
    }
  }
  return out;
}

/** Divides by the image's own strong-edge level so that re-grading does not change the map. */
function normalise(edges: Float32Array): Float32Array {
  const sorted = Float32Array.from(edges).sort();
  const level = sorted[Math.floor(NORMALISING_PERCENTILE * (sorted.length - 1))] ?? 0;
  const max = sorted[sorted.length - 1] ?? 0;
  const scale = EDGE_LEVEL * (level > 1e-3 ? level : max > 1e-3 ? max : 1);
  return edges.map((v) => Math.min(1, v / scale));
}

/** Separable Gaussian blur with clamped edges. */
export function gaussianBlur(values: Float32Array, width: number, height: number, sigma: number): Float32Array {
  const radius = Math.ceil(sigma * 3);
  const kernel = Float32Array.from({ length: 2 * radius + 1 }, (_, i) => Math.exp(-((i - radius) ** 2) / (2 * sigma * sigma)));
  const total = kernel.reduce((a, b) => a + b, 0);
  for (let i = 0; i < kernel.length; i++) kernel[i] = (kernel[i] ?? 0) / total;
  const clamp = (v: number, top: number) => (v < 0 ? 0 : v > top ? top : v);
  const across = new Float32Array(values.length);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let k = -radius; k <= radius; k++) sum += (kernel[k + radius] ?? 0) * (values[row + clamp(x + k, width - 1)] ?? 0);
      across[row + x] = sum;
    }
  }
  const out = new Float32Array(values.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let k = -radius; k <= radius; k++) sum += (kernel[k + radius] ?? 0) * (across[clamp(y + k, height - 1) * width + x] ?? 0);
      out[y * width + x] = sum;
    }
  }
  return out;
}

/** The blurred, normalised edge map of an image in a frame. */
export async function structureMap(image: Buffer, frame: Frame): Promise<Float32Array> {
  const grey = await greyFrame(image, frame);
  return gaussianBlur(normalise(sobelMagnitude(grey, frame.width, frame.height)), frame.width, frame.height, BLUR_SIGMA);
}
