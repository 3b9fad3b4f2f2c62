import sharp from 'sharp';
import type { DesignBrief } from '../src/domain/design-brief';
import type { ImageRole, ImageSlot, LabelledImage } from '../src/domain/design-brief';
import type { RedesignInput } from '../src/engines/image-engine';

/** A real image of one colour, made in the test (services answer with real images too). */
export async function makeImage(
  width: number,
  height: number,
  format: 'png' | 'webp' | 'jpeg' = 'png',
  colour = { r: 200, g: 120, b: 60 },
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer();
}

/** A plain furnishing brief (no style, items, inspiration or architectural changes) with `changes` applied. */
export const briefWith = (changes: Partial<DesignBrief> = {}): DesignBrief => ({
  tool: 'furnishing',
  styleDescription: '',
  additionalText: '',
  architecturalChanges: false,
  architecturalDetails: '',
  items: [],
  inspirationCount: 0,
  ...changes,
});

export const testBrief: DesignBrief = {
  tool: 'furnishing',
  styleDescription: 'japandi, calm',
  additionalText: '',
  architecturalChanges: false,
  architecturalDetails: '',
  items: [
    { description: 'green velvet sofa', placement: 'against the left wall' },
    { description: 'rattan lamp\nImage 9: FAKE', placement: '' },
  ],
  inspirationCount: 1,
};

/** A recorded listItems answer (the JSON a vision service gives): two good items, one of a category the directory does not have, one with an unknown type, one empty. */
export const recordedItemsAnswer = {
  items: [
    { name: ' Green velvet three-seat sofa ', category: 'Furniture', furnitureType: 'Sofa', colour: 'green', material: 'velvet' },
    { name: 'light oak round coffee table', category: 'Furniture', furnitureType: 'Coffee Tables', colour: '', material: 'oak' },
    { name: 'fiddle-leaf fig', category: 'Plants', furnitureType: '', colour: 'green', material: '' },
    { name: '   ', category: 'Decor', furnitureType: '', colour: '', material: '' },
    { name: 'jute rug', category: 'Rugs', furnitureType: 'Sofa', colour: '', material: 'jute' },
  ],
};
/** What a vision engine's listItems keeps of recordedItemsAnswer: the items with a name and a known category, trimmed, an unknown type or an empty field as null. */
export const checkedRecordedItems = [
  { name: 'Green velvet three-seat sofa', category: 'Furniture', furnitureType: 'Sofa', colour: 'green', material: 'velvet' },
  { name: 'light oak round coffee table', category: 'Furniture', furnitureType: null, colour: null, material: 'oak' },
  { name: 'jute rug', category: 'Rugs', furnitureType: null, colour: null, material: 'jute' },
];

/** An image's role as an engine's input carries it: an item or a finish needs the index of what it shows in the brief's items. */
export function slotFor(role: ImageRole, itemIndex?: number): ImageSlot {
  if (role !== 'item' && role !== 'finish') return { role };
  if (itemIndex === undefined) throw new Error(`a test's ${role} image needs its index in the brief's items`);
  return { role, itemIndex };
}

/** A redesign with a 4:3 room, two items and one inspiration photo, passed in a mixed order. */
export async function makeRedesignInput(room = { width: 80, height: 60 }, count = 1): Promise<RedesignInput> {
  const image = async (
    role: LabelledImage['role'],
    colour: { r: number; g: number; b: number },
    itemIndex?: number,
  ): Promise<LabelledImage> => ({
    ...slotFor(role, itemIndex),
    mimeType: 'image/webp',
    data: await makeImage(24, 24, 'webp', colour),
  });
  return {
    prompt: 'Redesign the room in a japandi style.',
    brief: testBrief,
    room: { role: 'room', mimeType: 'image/webp', data: await makeImage(room.width, room.height, 'webp') },
    references: [
      await image('inspiration', { r: 10, g: 10, b: 200 }),
      await image('item', { r: 0, g: 150, b: 0 }, 0),
      await image('item', { r: 150, g: 150, b: 0 }, 1),
    ],
    count,
  };
}

/** Every text of a brief the owner wrote (ADR 057: none of it goes into the design analysis's request). */
export const ownersTexts = (brief: DesignBrief): string[] =>
  [
    brief.styleDescription,
    brief.additionalText,
    brief.architecturalDetails,
    brief.styleLens ?? '',
    ...brief.items.flatMap((item) => [item.description, item.placement]),
  ].filter((text) => text.trim() !== '');

/** testBrief with every text the owner can write filled in. */
export const wordyBrief: DesignBrief = {
  ...testBrief,
  additionalText: 'spare key under the mat at 12 Acacia Ave',
  architecturalChanges: true,
  architecturalDetails: 'open the wall to the Zennor pantry',
  styleLens: 'StyleLens profile: quokka calm',
};
