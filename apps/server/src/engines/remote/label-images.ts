import type { DesignBrief } from '../../domain/design-brief';
import type { ImageRole, LabelledImage } from '../../domain/design-brief';
import type { FixArchitectureInput, RedesignInput, RefineInput } from '../image-engine';

/** An image as sent to a model: its place in the request ("Image 2") and what it is for. */
export interface LabelledPart {
  label: string;
  image: LabelledImage;
}

/** A look's reference (issue 49) comes right after the room: it is the whole room's intent, the items are its parts. */
const ROLE_ORDER: Record<ImageRole, number> = { room: 0, base: 0, mask: 0, look: 1, item: 2, finish: 2, tweak: 3, inspiration: 4 };

/** The label of a look's reference image (issue 49). */
export const LOOK_LABEL =
  'THE LOOK — another room of the same home: carry its palette, materials, forms and mood, not its architecture, layout or camera';

/**
 * What the prompt gets when a look's reference image did not fit the model's input limit: the look goes
 * in words only (the prompt's THE LOOK section carries them), and the model is told so.
 */
export const lookAsWordsNote = (max: number) =>
  `Note: this model takes ${max} image${max === 1 ? '' : 's'}, so the look's reference image is not attached: follow THE LOOK from its description in words above, and ignore any mention of its image.`;

/** Room photo first, then the items/finishes, then the inspiration photos, each numbered in its role. */
export function redesignParts(input: RedesignInput): LabelledPart[] {
  const references = [...input.references].sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role]);
  return numbered([{ text: 'ROOM PHOTO — keep its architecture', image: input.room }, ...describeReferences(references, input.brief)]);
}

/** The image being changed first (it is the one to edit), then the room photo for the architecture, then the tweak photos. */
export function refineParts(input: RefineInput): LabelledPart[] {
  return numbered([
    { text: 'CURRENT DESIGN — the image to change', image: input.base },
    { text: 'ROOM PHOTO — keep its architecture', image: input.room },
    ...input.tweakImages.map((image, index) => ({ text: `TWEAK REFERENCE ${index + 1}`, image })),
  ]);
}

/**
 * 'Change only here' for a service that takes the mask as one more image (Gemini): refineParts capped
 * at one less than the model takes (their numbers stay those the prompt uses), then the mask as the last
 * image; with no mask, refineParts capped at `max`.
 */
export function maskedRefineParts(input: RefineInput, max: number): LabelledPart[] {
  const parts = capInputs(refineParts(input), input.mask ? max - 1 : max);
  if (!input.mask) return parts;
  const n = parts.length + 1;
  return [
    ...parts,
    {
      label: `Image ${n}: MASK of Image 1 — white: the only area you may change; black: keep exactly as in Image 1`,
      image: { role: 'mask', data: input.mask, mimeType: 'image/png' },
    },
  ];
}

/** The instruction that goes with maskedRefineParts' mask, the last of `count` images. */
export const maskInstruction = (count: number) =>
  `Image ${count} is a mask of Image 1 at the same size. Make the requested change only inside its white area; every pixel under its black area must stay exactly as it is in Image 1. Return the whole image at the size and framing of Image 1.`;

/** The room photo first (its architecture is the truth), then the result whose architecture drifted. */
export function fixArchitectureParts(input: FixArchitectureInput): LabelledPart[] {
  return numbered([
    { text: 'ROOM PHOTO — keep its architecture exactly', image: input.room },
    { text: 'DRIFTED DESIGN — keep its furnishing and style, restore the architecture of Image 1', image: input.drifted },
  ]);
}

/**
 * The parts a model takes at most: the first `max`, since every list above is in order of importance
 * (the room photo or the image being changed first, then items or finishes, then inspiration). Dropping
 * from the end keeps the labels' numbers ("Image 1".."Image N") as sent.
 */
export function capInputs(parts: LabelledPart[], max: number): LabelledPart[] {
  return parts.length > max ? parts.slice(0, max) : parts;
}

/** The refinement prompt, with the user's tweak added when the prompt does not already carry it. */
export function refinePrompt(input: RefineInput): string {
  const tweak = oneLine(input.tweakText, 2000);
  return !tweak || input.prompt.includes(input.tweakText.trim()) ? input.prompt : `${input.prompt}\n\nRequested change: ${tweak}`;
}

/** For a service that takes one prompt and a list of files: the labels, in the order of the files. */
export function labelsAsText(parts: LabelledPart[]): string {
  return ['The images are supplied in this order:', ...parts.map((part) => part.label)].join('\n');
}

function describeReferences(references: LabelledImage[], brief: DesignBrief): { text: string; image: LabelledImage }[] {
  const counts = new Map<ImageRole, number>();
  return references.map((image) => {
    const count = (counts.get(image.role) ?? 0) + 1;
    counts.set(image.role, count);
    switch (image.role) {
      case 'item':
      case 'finish': {
        const item = brief.items[image.itemIndex];
        const title = `${image.role === 'item' ? 'ITEM' : 'FINISH'} ${image.itemIndex + 1}`;
        if (!item) return { text: title, image };
        const place = oneLine(item.placement || item.category || '', 200);
        return { text: `${title} — ${oneLine(item.description, 200)}${place ? `, place: ${place}` : ''}`, image };
      }
      case 'look':
        return { text: LOOK_LABEL, image };
      case 'inspiration':
        return { text: `INSPIRATION ${count}`, image };
      case 'tweak':
        return { text: `TWEAK REFERENCE ${count}`, image };
      default:
        return { text: `REFERENCE ${count}`, image };
    }
  });
}

function numbered(parts: { text: string; image: LabelledImage }[]): LabelledPart[] {
  return parts.map(({ text, image }, index) => ({ label: `Image ${index + 1}: ${text}`, image }));
}

/** User text inside a label stays on one line, so it cannot pose as another image's label. */
function oneLine(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 3)}...` : line;
}
