import sharp from 'sharp';
import { deltaE, nearestColour, rgbToHex, rgbToLab, type Lab } from './colour-names';

/** One colour of a measured palette: its share of the pixels (0..1). */
export interface PaletteEntry {
  hex: string;
  name: string;
  share: number;
}

/** What the offline engines measure in a photo. All in plain units so rules can read them. */
export interface ImageMeasures {
  /** Dominant colours, largest share first. */
  palette: PaletteEntry[];
  /** Mean luma (Rec. 709 weights on the sRGB values), 0 = black, 1 = white. */
  light: number;
  /** RMS contrast: standard deviation of the luma, 0..0.5. */
  contrast: number;
  /** Mean of (R − B) / 255, -1 (blue) .. 1 (orange); around 0.05 is a neutral warm room. */
  warmth: number;
  /** Colourfulness (Hasler & Süsstrunk) / 255: about 0.05 greys, 0.15 moderate, 0.3+ vivid. */
  colourfulness: number;
}

/** The side of the square the photo is shrunk to before measuring: 64 × 64 = 4096 pixels. */
export const MEASURE_SIZE = 64;

/**
 * The photo's pixels as RGB triplets, shrunk to size × size (every pixel keeps its share of the area),
 * transparency flattened onto white.
 */
export async function readPixels(image: Buffer, size = MEASURE_SIZE): Promise<Uint8Array> {
  const data = await sharp(image)
    .rotate()
    .resize(size, size, { fit: 'fill' })
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer();
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

/** A small seeded generator (mulberry32): the same pixels always give the same palette. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Cluster {
  lab: Lab;
  sum: [number, number, number];
  count: number;
}

/** Clusters closer than this (CIELAB ΔE) are one colour to the eye in a room photo. */
const MERGE_DISTANCE = 10;
/** Clusters smaller than this share are noise (a light switch, a speck). */
const MIN_SHARE = 0.02;

/**
 * k-means palette of RGB triplets, clustered in CIELAB with k-means++ seeding from a fixed seed
 * (deterministic). Near-identical clusters and clusters with the same colour name are merged;
 * specks under 2 % are dropped. Shares are fractions of all pixels, largest first.
 */
export function kMeansPalette(pixels: Uint8Array, k = 5, iterations = 12): PaletteEntry[] {
  const n = Math.floor(pixels.length / 3);
  if (n === 0) return [];
  const labs: Lab[] = new Array<Lab>(n);
  for (let i = 0; i < n; i++) labs[i] = rgbToLab([pixels[i * 3] ?? 0, pixels[i * 3 + 1] ?? 0, pixels[i * 3 + 2] ?? 0]);
  const at = (i: number): Lab => labs[i] ?? [0, 0, 0];

  // k-means++ seeding with a fixed seed: each next centre is picked with probability ∝ distance².
  const random = seededRandom(0x5eed);
  const centres: Lab[] = [at(Math.floor(random() * n))];
  const nearest = new Float64Array(n).fill(Infinity);
  while (centres.length < k) {
    const last = centres[centres.length - 1] ?? at(0);
    let total = 0;
    for (let i = 0; i < n; i++) {
      const d = deltaE(at(i), last) ** 2;
      if (d < (nearest[i] ?? Infinity)) nearest[i] = d;
      total += nearest[i] ?? 0;
    }
    if (total < 1e-9) break; // every pixel already sits on a centre: fewer colours than k
    let pick = random() * total;
    let chosen = n - 1;
    for (let i = 0; i < n; i++) {
      pick -= nearest[i] ?? 0;
      if (pick <= 0) {
        chosen = i;
        break;
      }
    }
    centres.push(at(chosen));
  }

  // Lloyd iterations.
  const assignment = new Int32Array(n);
  let clusters: Cluster[] = [];
  for (let iteration = 0; iteration < iterations; iteration++) {
    let moved = false;
    for (let i = 0; i < n; i++) {
      let best = 0;
      let bestDistance = Infinity;
      for (let c = 0; c < centres.length; c++) {
        const d = deltaE(at(i), centres[c] ?? at(0));
        if (d < bestDistance) {
          bestDistance = d;
          best = c;
        }
      }
      if (assignment[i] !== best) moved = true;
      assignment[i] = best;
    }
    clusters = centres.map(() => ({ lab: [0, 0, 0], sum: [0, 0, 0], count: 0 }));
    const labSums = centres.map(() => [0, 0, 0]);
    for (let i = 0; i < n; i++) {
      const c = assignment[i] ?? 0;
      const cluster = clusters[c];
      const labSum = labSums[c];
      if (!cluster || !labSum) continue;
      const lab = at(i);
      cluster.count++;
      cluster.sum[0] += pixels[i * 3] ?? 0;
      cluster.sum[1] += pixels[i * 3 + 1] ?? 0;
      cluster.sum[2] += pixels[i * 3 + 2] ?? 0;
      labSum[0] = (labSum[0] ?? 0) + lab[0];
      labSum[1] = (labSum[1] ?? 0) + lab[1];
      labSum[2] = (labSum[2] ?? 0) + lab[2];
    }
    clusters.forEach((cluster, c) => {
      const labSum = labSums[c] ?? [0, 0, 0];
      if (cluster.count > 0) {
        cluster.lab = [(labSum[0] ?? 0) / cluster.count, (labSum[1] ?? 0) / cluster.count, (labSum[2] ?? 0) / cluster.count];
        centres[c] = cluster.lab;
      }
    });
    if (!moved && iteration > 0) break;
  }

  // Merge clusters that look the same, then name them and merge those that share a name.
  const live = clusters.filter((c) => c.count > 0).sort((a, b) => b.count - a.count);
  const merged: Cluster[] = [];
  for (const cluster of live) {
    const twin = merged.find((m) => deltaE(m.lab, cluster.lab) < MERGE_DISTANCE);
    if (twin) absorb(twin, cluster);
    else merged.push({ lab: cluster.lab, sum: [...cluster.sum], count: cluster.count });
  }
  const byName = new Map<string, Cluster>();
  for (const cluster of merged) {
    const name = nearestColour(meanRgb(cluster)).name;
    const same = byName.get(name);
    if (same) absorb(same, cluster);
    else byName.set(name, cluster);
  }
  return [...byName.values()]
    .map((cluster) => {
      const rgb = meanRgb(cluster);
      return { hex: rgbToHex(rgb), name: nearestColour(rgb).name, share: cluster.count / n };
    })
    .filter((entry) => entry.share >= MIN_SHARE)
    .sort((a, b) => b.share - a.share);
}

function meanRgb(cluster: Cluster): [number, number, number] {
  return [cluster.sum[0] / cluster.count, cluster.sum[1] / cluster.count, cluster.sum[2] / cluster.count];
}

function absorb(into: Cluster, other: Cluster): void {
  const total = into.count + other.count;
  into.lab = [
    (into.lab[0] * into.count + other.lab[0] * other.count) / total,
    (into.lab[1] * into.count + other.lab[1] * other.count) / total,
    (into.lab[2] * into.count + other.lab[2] * other.count) / total,
  ];
  into.sum = [into.sum[0] + other.sum[0], into.sum[1] + other.sum[1], into.sum[2] + other.sum[2]];
  into.count = total;
}

/** Light, contrast, warmth and colourfulness of RGB triplets. */
export function measurePixels(pixels: Uint8Array): Omit<ImageMeasures, 'palette'> {
  const n = Math.floor(pixels.length / 3);
  if (n === 0) return { light: 0, contrast: 0, warmth: 0, colourfulness: 0 };
  let sumY = 0;
  let sumY2 = 0;
  let sumRB = 0;
  let sumRG = 0;
  let sumRG2 = 0;
  let sumYB = 0;
  let sumYB2 = 0;
  for (let i = 0; i < n; i++) {
    const r = pixels[i * 3] ?? 0;
    const g = pixels[i * 3 + 1] ?? 0;
    const b = pixels[i * 3 + 2] ?? 0;
    const y = (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    sumY += y;
    sumY2 += y * y;
    sumRB += (r - b) / 255;
    const rg = r - g;
    const yb = 0.5 * (r + g) - b;
    sumRG += rg;
    sumRG2 += rg * rg;
    sumYB += yb;
    sumYB2 += yb * yb;
  }
  const light = sumY / n;
  const contrast = Math.sqrt(Math.max(0, sumY2 / n - light * light));
  const meanRG = sumRG / n;
  const meanYB = sumYB / n;
  const sdRG = Math.sqrt(Math.max(0, sumRG2 / n - meanRG * meanRG));
  const sdYB = Math.sqrt(Math.max(0, sumYB2 / n - meanYB * meanYB));
  const colourfulness = (Math.hypot(sdRG, sdYB) + 0.3 * Math.hypot(meanRG, meanYB)) / 255;
  return { light, contrast, warmth: sumRB / n, colourfulness };
}

/** Palette (k-means over a 64 × 64 copy), light, contrast, warmth and colourfulness of a photo. */
export async function measureImage(image: Buffer, options: { colours?: number } = {}): Promise<ImageMeasures> {
  const pixels = await readPixels(image);
  return { palette: kMeansPalette(pixels, options.colours ?? 5), ...measurePixels(pixels) };
}
