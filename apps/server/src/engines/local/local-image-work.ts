import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { DesignBrief } from '../../domain/design-brief';
import type { LabelledImage } from '../../domain/design-brief';
import {
  EngineError,
  type EngineImage,
  type EngineResult,
  type FixArchitectureInput,
  type RedesignInput,
  type RefineInput,
} from '../image-engine';
import { compositeInMask, maskPixels } from '../mask/composite-in-mask';
import { hexToRgb, parseColourWords, type NamedColour } from './colour-names';
import { placeItems, blendOver, type ItemToPlace, type RawImage } from './compose';
import { findWindowX, gradePixels, paintPart, type Tint } from './grade-image';
import { keyOutBackground, type CutOut } from './key-out-background';
import { parseMaterialWords } from './material-words';
import { measureImage } from './measure-image';
import { itemSizeFromWords, placementFromWords } from './placements';
import { previewLabel } from './preview-label';
import { objectNamed, requestParts, samePiece, type RequestPart } from './request-parts';
import { segmentRoom } from './segment-room';
import { messages } from '@rv/contracts/messages';
import { restoreStructure } from './restore-structure';
import { gradeFromWords, scaleGrade, type Grade } from './style-words';

/**
 * The offline image engine's pixel work. It keeps every pixel of the room where it is (no geometric
 * change) and: re-grades colour and light towards the requested palette and style words; composites the
 * user's item photos, background keyed out, at their placements with soft shadows; and marks every image
 * "Local preview". Variations differ in grading strength, accent colour and arrangement.
 *
 * It runs on a pixel thread (../pixel-threads), never on the main thread: local-image-engine.ts sends it
 * there. A call is cancelled by ending its thread, so these functions take no signal.
 */

/** How strongly each variation grades, relative to the first. */
const VARIATION_STRENGTHS = [1, 1.5, 0.6, 1.25] as const;
/** How far the chroma moves towards the main palette colour in a first design (0..1). */
const DESIGN_TINT = 0.35;
/** …towards the second palette colour, as an accent. */
const ACCENT_TINT = 0.12;
/** How far a look's colours pull (issue 49): its main colour, then the next two, by their share of the source. */
const LOOK_TINT = 0.5;
/** Tint strength of a refinement: a tweak is gentle, a transform strong. */
const REFINE_TINT = { tweak: 0.3, transform: 0.55 } as const;
/** How far a refinement paints a part it names, against a design's (1). */
const REFINE_PAINT = { tweak: 0.7, transform: 1 } as const;
/** When nothing in the brief names a colour or a style: a light, fresh clean-up. */
const FRESH_GRADE: Grade = { light: 0.02, contrast: 0.03, warmth: 0, saturation: 0.05 };
/** Most variations one call returns. */
const MAX_COUNT = 8;

/** Finish categories whose colour covers large surfaces, in the order they set the palette. */
const SURFACE_CATEGORIES = ['Walls', 'Cabinetry', 'Flooring', 'Backsplash', 'Countertops', 'Other'];

async function decode(image: LabelledImage | Buffer, what: string): Promise<RawImage> {
  const data = Buffer.isBuffer(image) ? image : image.data;
  try {
    const { data: pixels, info } = await sharp(data)
      .rotate()
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data: pixels, width: info.width, height: info.height };
  } catch {
    throw new EngineError(`The ${what} could not be read.`, false);
  }
}

/**
 * The preview label drawn on, then WebP; or PNG at a light compression where the image is only a step on
 * the way (a masked refinement's change, composited again before anything is stored): encoded in about a
 * fifth of the time, decoded in about a quarter, and lossless.
 */
async function encode(image: RawImage, format: 'webp' | 'png' = 'webp'): Promise<EngineImage> {
  const label = previewLabel(image.width);
  const margin = Math.max(4, Math.round(image.width * 0.012));
  if (label.width + margin < image.width && label.height + margin < image.height) {
    blendOver(image, label.data, label.width, label.height, image.width - label.width - margin, image.height - label.height - margin);
  }
  const pixels = sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } });
  if (format === 'png') return { data: await pixels.png({ compressionLevel: 1 }).toBuffer(), mimeType: 'image/png' };
  return { data: await pixels.webp({ quality: 90 }).toBuffer(), mimeType: 'image/webp' };
}

function requestId(kind: string, parts: unknown, images: readonly (LabelledImage | undefined)[]): string {
  const hash = createHash('sha256').update(kind).update(JSON.stringify(parts));
  for (const image of images) {
    if (!image) continue;
    hash.update(`|${image.role}:${'itemIndex' in image ? image.itemIndex : ''}:`).update(createHash('sha256').update(image.data).digest());
  }
  return `local-${hash.digest('hex').slice(0, 32)}`;
}

async function windowX(room: RawImage): Promise<number | undefined> {
  const small = await sharp(room.data, { raw: { width: room.width, height: room.height, channels: 3 } })
    .resize(128, Math.max(8, Math.round((128 * room.height) / room.width)), { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return findWindowX(small.data, small.info.width, small.info.height, 3);
}

/** The palette a design moves towards, most important first, one entry per colour name. */
async function designPalette(brief: DesignBrief, references: readonly LabelledImage[], freeText: string): Promise<NamedColour[]> {
  const palette: NamedColour[] = [];
  const add = (colours: readonly NamedColour[]) => {
    for (const colour of colours) if (!palette.some((p) => p.name === colour.name)) palette.push(colour);
  };
  const materialColours = (text: string) => parseMaterialWords(text).flatMap((m) => (m.hex ? [{ name: m.name, hex: m.hex }] : []));

  // Colours the request names on a part are that part's (paintParts), not the room's.
  add(parseColourWords(freeText));
  add(parseColourWords(brief.styleLens ?? ''));
  add(materialColours(freeText));

  const finishes = references
    .flatMap((r) => (r.role === 'finish' ? [{ image: r, category: brief.items[r.itemIndex]?.category ?? 'Other' }] : []))
    .filter((f) => SURFACE_CATEGORIES.includes(f.category))
    .sort((a, b) => SURFACE_CATEGORIES.indexOf(a.category) - SURFACE_CATEGORIES.indexOf(b.category));
  for (const finish of finishes) {
    const dominant = await dominantColour(finish.image.data);
    if (dominant) add([dominant]);
  }
  for (const inspiration of references.filter((r) => r.role === 'inspiration')) {
    const dominant = await dominantColour(inspiration.data);
    if (dominant) add([dominant]);
  }
  // An item's own photo shows its colour: its description's colours colour the room only when it has no photo.
  const photographed = new Set(references.flatMap((r) => (r.role === 'item' ? [r.itemIndex] : [])));
  add(brief.items.flatMap((item, index) => (photographed.has(index) ? [] : parseColourWords(item.description))));
  return palette;
}

async function dominantColour(photo: Buffer): Promise<NamedColour | undefined> {
  try {
    const entry = (await measureImage(photo, { colours: 4 })).palette[0];
    return entry ? { hex: entry.hex, name: entry.name } : undefined;
  } catch {
    return undefined; // an unreadable reference photo does not stop the design
  }
}

/**
 * A look's palette as tints (issue 49): every variation moves towards the same colours, the main one most,
 * so each room of a home takes the source room's palette in its proportions.
 */
function lookTints(palette: readonly { hex: string; share: number }[]): Tint[] {
  const top = palette.slice(0, 3);
  const most = Math.max(...top.map((colour) => colour.share), 0.01);
  return top.map((colour, index) => ({
    rgb: hexToRgb(colour.hex),
    strength: LOOK_TINT * (index === 0 ? 1 : Math.min(0.6, colour.share / most) * 0.5),
  }));
}

function tintsFor(palette: readonly NamedColour[], variation: number, strength: number): Tint[] {
  if (palette.length === 0) return [];
  const main = palette[variation % palette.length];
  const accent = palette.length > 1 ? palette[(variation + 1) % palette.length] : undefined;
  return [
    ...(main ? [{ rgb: hexToRgb(main.hex), strength: DESIGN_TINT * strength }] : []),
    ...(accent ? [{ rgb: hexToRgb(accent.hex), strength: ACCENT_TINT * strength }] : []),
  ];
}

interface PreparedItem {
  cutOut: CutOut;
  /** The piece its description names ("armchair"), to match a request's words. */
  piece?: string | undefined;
  description: string;
  placementWords: string;
}

/** Photos of things to place, with the words that say what each is and where it goes, their backgrounds keyed out. */
async function cutOuts(photos: readonly { data: Buffer; description: string; placement: string }[]): Promise<PreparedItem[]> {
  const prepared: PreparedItem[] = [];
  for (const { data, description, placement } of photos) {
    try {
      prepared.push({ cutOut: await keyOutBackground(data), description, placementWords: placement, piece: objectNamed(description) });
    } catch {
      // An item photo that cannot be read is left out; the design still comes back.
    }
  }
  return prepared;
}

/** Items at their placements; unplaced ones spread along the lower third, in an order that turns with the variation. */
function arrange(items: readonly PreparedItem[], variation: number, lightX: number | undefined): ItemToPlace[] {
  const unplaced = items.filter((item) => !placementFromWords(item.placementWords, { spread: 0.5 }).understood);
  return items.map((item) => {
    const size = itemSizeFromWords(item.description);
    const slot = unplaced.indexOf(item);
    const turned = slot < 0 ? 0 : (slot + variation) % unplaced.length;
    const spread = unplaced.length <= 1 ? 0.5 : turned / (unplaced.length - 1);
    const placement = placementFromWords(item.placementWords, {
      ...(lightX === undefined ? {} : { windowX: lightX }),
      spread,
      ...(size.mount ? { naturalMount: size.mount } : {}),
    });
    if (
      placement.mount === 'wall' &&
      lightX !== undefined &&
      Math.abs(placement.x - lightX) < 0.15 &&
      !/\bwindow/i.test(item.placementWords)
    ) {
      // Art does not hang over the window: move it to the wider side of the wall.
      placement.x = lightX < 0.5 ? Math.min(0.85, lightX + 0.3) : Math.max(0.15, lightX - 0.3);
    }
    return { cutOut: item.cutOut, height: size.height * placement.scale * (variation % 2 ? 0.92 : 1), maxWidth: size.maxWidth, placement };
  });
}

/**
 * The parts a request names, honoured where the engine can (issue 51): a colour on the walls, floor or
 * ceiling paints that surface where it finds it in the photo; a colour on a piece it places (one of the
 * person's item photos) paints that piece. Says, in the person's words, what it did not do: a piece it
 * cannot add, a surface it did not find or cannot change. `room` is painted in place; `items` too.
 */
async function paintParts(
  room: RawImage,
  parts: readonly RequestPart[],
  items: readonly PreparedItem[],
  strength = 1,
  paintedArea?: Uint8Array,
): Promise<string[]> {
  const notes: string[] = [];
  const regions = parts.some((part) => part.kind === 'region' && part.colour) ? await segmentRoom(room) : undefined;
  for (const part of parts) {
    if (part.kind === 'region') {
      if (!part.colour || !regions) continue;
      const mask = regions[part.region];
      let covered = 0;
      for (const v of mask) if (v > 127) covered++;
      if (covered < mask.length * 0.01) notes.push(messages.localEngine.cannotFind(part.region, part.colour.name));
      else paintPart(room.data, 3, mask, hexToRgb(part.colour.hex), strength);
    } else if (part.kind === 'object') {
      const placed = items.filter((item) => item.piece !== undefined && samePiece(item.piece, part.noun));
      // A piece the person painted over ('Change only here') is where they showed it: its colour goes there.
      if (placed.length === 0 && paintedArea && part.colour) paintPart(room.data, 3, paintedArea, hexToRgb(part.colour.hex), strength);
      else if (placed.length === 0) notes.push(messages.localEngine.cannotAdd(part.words));
      else if (part.colour)
        for (const item of placed) paintPart(item.cutOut.data, 4, alphaOf(item.cutOut), hexToRgb(part.colour.hex), strength);
    } else if (paintedArea && part.colour) {
      paintPart(room.data, 3, paintedArea, hexToRgb(part.colour.hex), strength);
    } else {
      notes.push(
        part.colour ? messages.localEngine.cannotFind(part.noun, part.colour.name) : messages.localEngine.cannotChange(part.words),
      );
    }
  }
  return [...new Set(notes)];
}

function alphaOf(cutOut: CutOut): Uint8Array {
  const alpha = new Uint8Array(cutOut.width * cutOut.height);
  for (let p = 0; p < alpha.length; p++) alpha[p] = cutOut.data[p * 4 + 3] ?? 0;
  return alpha;
}

export async function redesign(input: RedesignInput): Promise<EngineResult> {
  const { brief } = input;
  const room = await decode(input.room, 'room photo');
  const request = requestParts(`${brief.styleDescription}\n${brief.additionalText}`);
  const palette = await designPalette(brief, input.references, request.freeText);
  const words = gradeFromWords(request.freeText, brief.styleLens ?? '');
  const grade = words.words.length === 0 && palette.length === 0 && request.parts.length === 0 ? FRESH_GRADE : words.grade;
  const lightX = await windowX(room);
  // Each item photo with the brief's words for it (a photo may come without any).
  const items = await cutOuts(
    input.references.flatMap((image) => {
      if (image.role !== 'item') return [];
      const item = brief.items[image.itemIndex];
      return [{ data: image.data, description: item?.description ?? '', placement: item?.placement ?? '' }];
    }),
  );
  const notes = await paintParts(room, request.parts, items);

  const count = Math.max(1, Math.min(MAX_COUNT, Math.floor(input.count)));
  const images: EngineImage[] = [];
  for (let variation = 0; variation < count; variation++) {
    const strength = VARIATION_STRENGTHS[variation % VARIATION_STRENGTHS.length] ?? 1;
    const graded: RawImage = {
      ...room,
      data: gradePixels(
        room.data,
        3,
        scaleGrade(grade, strength),
        brief.look ? lookTints(brief.look.palette) : tintsFor(palette, variation, strength),
      ),
    };
    await placeItems(graded, arrange(items, variation, lightX), lightX);
    images.push(await encode(graded));
  }
  return {
    images,
    providerRequestId: requestId('redesign', { prompt: input.prompt, brief, count }, [input.room, ...input.references]),
    ...(notes.length > 0 ? { notes } : {}),
  };
}

export async function refine(input: RefineInput): Promise<EngineResult> {
  const base = await decode(input.base, 'design image');
  const request = requestParts(input.tweakText);
  const colours = [
    ...request.palette,
    ...parseMaterialWords(request.freeText).flatMap((m) => (m.hex ? [{ name: m.name, hex: m.hex }] : [])),
  ];
  const words = gradeFromWords(request.freeText);
  const factor = input.scope === 'transform' ? 2 : 1;
  const grade =
    input.scope === 'transform' && words.words.length === 0 && colours.length === 0 && request.parts.length === 0
      ? scaleGrade(FRESH_GRADE, 2)
      : scaleGrade(words.grade, factor);
  const tints: Tint[] = colours
    .slice(0, 2)
    .map((colour, i) => ({ rgb: hexToRgb(colour.hex), strength: REFINE_TINT[input.scope] * (i === 0 ? 1 : 0.35) }));
  const lightX = await windowX(base);
  const items = await cutOuts(
    input.tweakImages.map((image) => ({ data: image.data, description: input.tweakText, placement: input.tweakText })),
  );
  // The painted area of a 'Change only here' mask (255 where it may change), when it is the image's size.
  const painted = input.mask ? await maskPixels(Buffer.from(input.mask)) : undefined;
  const paintedArea = painted && painted.width === base.width && painted.height === base.height ? new Uint8Array(painted.data) : undefined;
  const notes = await paintParts(base, request.parts, items, REFINE_PAINT[input.scope], paintedArea);
  const graded: RawImage = { ...base, data: gradePixels(base.data, 3, grade, tints) };
  await placeItems(graded, arrange(items, 0, lightX), lightX);
  const changed = await encode(graded, input.mask ? 'png' : 'webp');
  return {
    // 'Change only here': the change is kept to the painted area (ADR 022).
    images: [input.mask ? await keepToMask(input.base.data, changed.data, input.mask) : changed],
    providerRequestId: requestId('refine', { prompt: input.prompt, tweak: input.tweakText, scope: input.scope }, [
      input.base,
      input.room,
      ...input.tweakImages,
      ...(input.mask ? [{ role: 'mask' as const, data: Buffer.from(input.mask), mimeType: 'image/png' as const }] : []),
    ]),
    ...(notes.length > 0 ? { notes } : {}),
  };
}

/** The local engine's change inside the painted area only, the base's own pixels outside it. */
async function keepToMask(base: Buffer, changed: Buffer, mask: Uint8Array): Promise<EngineImage> {
  const kept = await compositeInMask(Buffer.from(base), changed, Buffer.from(mask));
  // Lossless, so outside the mask the answer is the base's own pixels (the server composites it again).
  const data = await sharp(kept.data, { raw: { width: kept.width, height: kept.height, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return { data, mimeType: 'image/png' };
}

/**
 * Fix Room, locally: the original room's structure (every edge, line and texture) with the drifted
 * design's colours and light (see restore-structure.ts), so the architecture fidelity returns to the
 * room's.
 */
export async function fixArchitecture(input: FixArchitectureInput): Promise<EngineResult> {
  const room = await decode(input.room, 'room photo');
  const drifted = await decode(input.drifted, 'design image');
  const restored = await restoreStructure(room, drifted);
  return {
    images: [await encode(restored)],
    providerRequestId: requestId('fixArchitecture', { prompt: input.prompt }, [input.room, input.drifted]),
  };
}
