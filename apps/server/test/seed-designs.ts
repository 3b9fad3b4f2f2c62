import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Db } from '../src/db/client';
import { designImages, roomDesigns, type StoredImage } from '../src/db/schema';
import type { Storage } from '../src/storage/storage';
import { makeThumbnail } from '../src/uploads/process-image';
import type { DesignTool } from '@rv/contracts/domain';

/**
 * Finished designs written straight into the database (and, when a storage is given, real WebP files
 * with their thumbnails), for the API tests, the browser tests and the bench: a list of hundreds of
 * designs in seconds, without running the generation pipeline.
 */
export interface SeedPicture {
  full: Buffer;
  thumb: Buffer;
  thumbWidth: number;
  width: number;
  height: number;
}

/** A photo-like picture (gradients and noise, so it compresses like a photo) and its thumbnail. */
export async function makeSeedPicture(options: { width?: number; height?: number; hue?: number } = {}): Promise<SeedPicture> {
  const width = options.width ?? 1600;
  const height = options.height ?? 1200;
  const hue = options.hue ?? 30;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},45%,78%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},35%,38%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <rect x="${width * 0.3}" y="${height * 0.25}" width="${width * 0.4}" height="${height * 0.35}" fill="hsl(${(hue + 180) % 360},30%,60%)"/>
    <rect x="0" y="${height * 0.7}" width="${width}" height="${height * 0.3}" fill="hsl(${hue},40%,30%)"/>
  </svg>`;
  const noise = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 30 } },
  })
    .png()
    .toBuffer();
  const full = await sharp(Buffer.from(svg))
    .composite([{ input: noise, blend: 'soft-light' }])
    .webp({ quality: 86 })
    .toBuffer();
  const thumb = await makeThumbnail(full);
  return { full, thumb: thumb.data, thumbWidth: thumb.width, width, height };
}

export interface SeedDesignOptions {
  userId: string;
  tool?: DesignTool;
  /** Generated images (2 by default). */
  generated?: number;
  refined?: number;
  /** One per image, in the results page's order (refined first); all false by default. */
  saved?: boolean[];
  /** Names, room types and notes by position in that order (the spec's maps), written on those images. */
  projectNameMap?: Record<string, string>;
  roomTypeMap?: Record<string, string>;
  notesMap?: Record<string, string>;
  createdAt?: Date;
  isPublic?: boolean;
}

export async function seedDesign(
  db: Db,
  storage: Storage | null,
  picture: SeedPicture | null,
  options: SeedDesignOptions,
): Promise<string> {
  const id = randomBytes(18).toString('base64url');
  const image = async (name: string): Promise<StoredImage> => {
    const key = `designs/${id}/${name}.webp`;
    const thumbKey = `designs/${id}/${name}-thumb.webp`;
    if (storage && picture) {
      await storage.put(key, picture.full, 'image/webp');
      await storage.put(thumbKey, picture.thumb, 'image/webp');
    }
    return { key, thumbKey, width: picture?.width ?? 1600, height: picture?.height ?? 1200, thumbWidth: picture?.thumbWidth };
  };
  const original = await image('original');
  const generated: StoredImage[] = [];
  for (let i = 0; i < (options.generated ?? 2); i++) generated.push(await image(`generated-${i + 1}`));
  const refined: StoredImage[] = [];
  for (let i = 0; i < (options.refined ?? 0); i++) refined.push(await image(`refined-${i + 1}`));
  await db.insert(roomDesigns).values({
    id,
    userId: options.userId,
    tool: options.tool ?? 'furnishing',
    status: 'done',
    brief: {
      tool: options.tool ?? 'furnishing',
      styleDescription: 'warm oak and linen',
      additionalText: '',
      architecturalChanges: false,
      architecturalDetails: '',
      items: [],
      inspirationCount: 0,
    },
    original,
    analysisHtml: '<p>A calm, warm room.</p>',
    creditState: 'committed',
    isPublic: options.isPublic ?? false,
    ...(options.createdAt ? { createdAt: options.createdAt } : {}),
  });
  const results = [
    ...refined.map((r) => ({ ...r, kind: 'refined' as const })),
    ...generated.map((g) => ({ ...g, kind: 'generated' as const })),
  ];
  if (results.length === 0) return id;
  await db.insert(designImages).values(
    results.map((result, position) => ({
      id: `${id}-${position}`,
      designId: id,
      userId: options.userId,
      kind: result.kind,
      rank: position - refined.length,
      key: result.key,
      thumbKey: result.thumbKey,
      width: result.width,
      height: result.height,
      thumbWidth: result.thumbWidth ?? null,
      fidelity: result.kind === 'generated' ? 0.9 : null,
      saved: options.saved?.[position] ?? false,
      name: options.projectNameMap?.[String(position)] ?? null,
      roomType: options.roomTypeMap?.[String(position)] ?? null,
      notes: options.notesMap?.[String(position)] ?? null,
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })),
  );
  return id;
}
