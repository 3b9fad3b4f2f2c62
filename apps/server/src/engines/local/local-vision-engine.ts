import type { StyleLensSummary } from '@rv/contracts/api/account';
import type { ShoppableItem } from '@rv/contracts/api/designs';
import type { DesignBrief } from '../../domain/design-brief';
import { EngineError } from '../image-engine';
import { runPixelTask } from '../pixel-threads/pixel-pool';
import { askedForHtml, askedInAreaHtml } from '../owners-words';
import type { ChangedArea, DesignAnalysis, DesignAnalysisInput, TweakInterpretation, VisionEngine } from '../vision-engine';
import { deltaE, hexToRgb, parseColourWords, rgbToLab } from './colour-names';
import { listShoppableItems } from './list-shoppable-items';
import { parseMaterialWords } from './material-words';
import { measurePixels, readPixels, type ImageMeasures, type PaletteEntry } from './measure-image';
import { applyStyleLensRules, describeMeasures } from './style-lens-rules';
import type { RefineScope } from '@rv/contracts/domain';

/**
 * The offline vision/text engine: everything it says is measured from the pixels (palette by
 * clustering and colour names, light, warmth, contrast) or taken from the form's own words. The
 * clustering runs on a pixel thread (../pixel-threads).
 */

/** An asked colour counts as present when a palette colour is this close (CIELAB ΔE). */
const PRESENT_DISTANCE = 20;
/** Most colours the StyleLens lens lists (the summary shows STYLE_LENS.paletteSwatches). */
const LENS_COLOURS = 6;
/** Words that start a new change in a tweak ("…, and add a lamp"). */
const ACTION_WORDS = [
  'change',
  'add',
  'remove',
  'replace',
  'move',
  'make',
  'paint',
  'swap',
  'put',
  'use',
  'turn',
  'give',
  'set',
  'try',
  'keep',
  'switch',
  'get rid of',
  'take out',
  'bring',
  'include',
  'lighten',
  'darken',
  'brighten',
  'hang',
  'place',
  'update',
];
/** Most changes one tweak is read as. */
const MAX_CHANGES = 8;

const percent = (v: number) => `${Math.round(v * 100)}%`;
const signed = (v: number) => `${v >= 0 ? '+' : '−'}${Math.abs(Math.round(v * 100))}`;

function compare(after: number, before: number, threshold: number, more: string, less: string, same: string): string {
  if (after - before > threshold) return more;
  if (before - after > threshold) return less;
  return same;
}

function paletteList(palette: readonly PaletteEntry[]): string {
  return `<ul>${palette.map((p) => `<li><strong>${p.hex}</strong> ${p.name} (${percent(p.share)})</li>`).join('')}</ul>`;
}

function askedColoursLine(brief: DesignBrief, palette: readonly PaletteEntry[]): string {
  const asked = parseColourWords(`${brief.styleDescription} ${brief.additionalText} ${brief.styleLens ?? ''}`);
  if (asked.length === 0) return '';
  const parts = asked.slice(0, 6).map((colour) => {
    const lab = rgbToLab(hexToRgb(colour.hex));
    const closest = Math.min(...palette.map((p) => deltaE(lab, rgbToLab(hexToRgb(p.hex)))));
    return closest <= PRESENT_DISTANCE
      ? `<strong>${colour.name}</strong> is in the palette`
      : `<strong>${colour.name}</strong> shows only in small touches`;
  });
  return `<p>Colours you asked for: ${parts.join('; ')}.</p>`;
}

async function measured(photo: Buffer, what: string): Promise<ImageMeasures> {
  try {
    return await runPixelTask('measureImage', [photo]);
  } catch {
    throw new EngineError(`The ${what} could not be read.`, false);
  }
}

/** Lighter or darker, warmer or cooler, and the contrast, of `after` against `before`, as words with their figures. */
function lightAndMood(after: ImageMeasures, before: ImageMeasures): string {
  const light = compare(after.light, before.light, 0.03, 'lighter', 'darker', 'about as light');
  const warmth = compare(after.warmth, before.warmth, 0.015, 'warmer', 'cooler', 'about as warm');
  const contrast = compare(after.contrast, before.contrast, 0.02, 'more contrast', 'softer contrast', 'a similar contrast');
  return (
    `<strong>${light}</strong> (light ${percent(after.light)} against ${percent(before.light)}), ` +
    `<strong>${warmth}</strong> (warmth ${signed(after.warmth)} against ${signed(before.warmth)}) and has <strong>${contrast}</strong> ` +
    `(${percent(after.contrast)} against ${percent(before.contrast)})`
  );
}

/**
 * A masked refinement's analysis: measured from the painted area alone (the crops the caller gives),
 * before and after, with the words asked for it; nothing of the rest of the room.
 */
function changedAreaAnalysis(before: ImageMeasures, after: ImageMeasures, area: ChangedArea): DesignAnalysis {
  const html = [
    '<h3>The area you changed</h3>',
    `<p>Only the area you painted (about ${percent(Math.max(0.01, area.share))} of the picture) was changed; everything else is exactly as it was.</p>`,
    '<h3>Its colours now</h3>',
    '<p>The main colours of the painted area, measured from the image:</p>',
    paletteList(after.palette),
    '<h3>Light and mood</h3>',
    `<p>Compared with before, the painted area is ${lightAndMood(after, before)}.</p>`,
    '<p><em>Measured offline from the painted area; colour names are the nearest in our colour table.</em></p>',
  ].join('');
  return { html, ownerHtml: askedInAreaHtml(area.request) };
}

/** The design's analysis: palette, light and mood measured from the images; what was asked for (and how its colours came out) apart, the owner's. */
async function analyzeDesign(input: DesignAnalysisInput, signal?: AbortSignal): Promise<DesignAnalysis> {
  const [before, after] = await Promise.all([measured(input.original, 'original photo'), measured(input.result, 'design image')]);
  signal?.throwIfAborted();
  if (input.changedArea) return changedAreaAnalysis(before, after, input.changedArea);
  const html = [
    '<h3>Palette</h3>',
    `<p>The main colours of the design, measured from the image:</p>`,
    paletteList(after.palette),
    '<h3>Light and mood</h3>',
    `<p>Compared with your original room, the design is ${lightAndMood(after, before)}.</p>`,
    '<p><em>Measured offline from the images; colour names are the nearest in our colour table.</em></p>',
  ].join('');
  return { html, ownerHtml: askedForHtml(input.brief, askedColoursLine(input.brief, after.palette)) };
}

async function analyzeStyle(input: { photos: Buffer[] }, signal?: AbortSignal): Promise<{ lens: string; summary: StyleLensSummary }> {
  const pixelSets: Uint8Array[] = [];
  for (const photo of input.photos) {
    signal?.throwIfAborted();
    try {
      pixelSets.push(await readPixels(photo));
    } catch {
      // An unreadable photo is left out; the others still make the profile.
    }
  }
  if (pixelSets.length === 0) throw new EngineError('None of the style photos could be read.', false);
  const all = new Uint8Array(pixelSets.reduce((sum, p) => sum + p.length, 0));
  let offset = 0;
  for (const p of pixelSets) {
    all.set(p, offset);
    offset += p.length;
  }
  const perPhoto = pixelSets.map((p) => measurePixels(p));
  const mean = (key: 'light' | 'warmth' | 'contrast' | 'colourfulness') => perPhoto.reduce((sum, m) => sum + m[key], 0) / perPhoto.length;
  const measures = { light: mean('light'), warmth: mean('warmth'), contrast: mean('contrast'), colourfulness: mean('colourfulness') };
  const palette = (await runPixelTask('kMeansPalette', [all, 8])).slice(0, LENS_COLOURS);
  const { materials, forms, mood } = applyStyleLensRules(measures);
  const words = describeMeasures(measures);
  const names = palette.slice(0, 3).map((p) => p.name);
  const built = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : (names[0] ?? 'a neutral base');

  const summary: StyleLensSummary = {
    essence: `${capitalise(words.light)}, ${words.warmth} and ${words.contrast}: a ${mood} look built on ${built}.`,
    // The account page shows the first STYLE_LENS.paletteSwatches and '+N more' for the rest.
    palette: palette.slice(0, LENS_COLOURS).map((p) => `${p.hex} ${p.name}`),
    materials,
    forms,
    note:
      `Read from ${pixelSets.length} photo${pixelSets.length === 1 ? '' : 's'}: light ${percent(measures.light)}, warmth ${signed(measures.warmth)}, ` +
      `contrast ${percent(measures.contrast)}, colourfulness ${percent(measures.colourfulness)}. Measured offline: colours are the nearest names in our ` +
      'table, and materials and forms follow from the light, warmth and contrast of your photos.',
  };
  const lens =
    `StyleLens profile: ${summary.essence} ` +
    `Palette: ${palette.map((p) => `${p.hex} ${p.name}`).join(', ')}. ` +
    `Materials: ${materials.join(', ')}. ` +
    `Forms: ${forms.join('; ')}. ` +
    `Light: ${words.light}, ${words.warmth} light, ${words.contrast}. ` +
    "Apply this taste to furniture, decor, textiles and wall colours; it never changes the room's architecture.";
  return { lens, summary };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Splits a tweak into changes: at sentence ends always, at commas, "and" or "then" when an action word follows. */
export function splitChanges(text: string): string[] {
  const actions = ACTION_WORDS.map((w) => w.replace(/ /g, '\\s+')).join('|');
  const joint = new RegExp(
    `\\s*(?:,\\s*(?:and\\s+|then\\s+)?|\\s+and\\s+(?:then\\s+)?|\\s+then\\s+)(?=(?:also\\s+|please\\s+)?(?:${actions})\\b)`,
    'i',
  );
  return text
    .split(/[.!?;\n]+/)
    .flatMap((sentence) => sentence.split(joint))
    .map((part) =>
      part
        .trim()
        .replace(/^(?:and|then|also|please)\s+/i, '')
        .replace(/\s+/g, ' '),
    )
    .filter((part) => part.length > 0)
    .map((part) => (part.length > 200 ? `${part.slice(0, 199)}…` : part))
    .slice(0, MAX_CHANGES);
}

async function interpretTweak(input: { text: string; scope: RefineScope }): Promise<TweakInterpretation> {
  return {
    changes: splitChanges(input.text),
    colours: parseColourWords(input.text).map((c) => c.hex),
    materials: parseMaterialWords(input.text).map((m) => m.name),
  };
}

async function listItems(input: { image: Buffer; brief: DesignBrief }): Promise<ShoppableItem[]> {
  return listShoppableItems(input.brief);
}

export function createLocalVisionEngine(): VisionEngine {
  return { name: 'local', analyzeDesign, analyzeStyle, interpretTweak, listItems };
}
