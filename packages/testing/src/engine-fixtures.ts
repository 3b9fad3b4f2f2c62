import sharp from 'sharp';
import type { DesignBrief } from '@rv/server/engines/design-brief';
import type { LabelledImage } from '@rv/server/engines/design-brief';
import type { RedesignInput } from '@rv/server/engines/image-engine';

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

/** A redesign with a 4:3 room, two items and one inspiration photo, passed in a mixed order. */
export async function makeRedesignInput(room = { width: 80, height: 60 }, count = 1): Promise<RedesignInput> {
  const image = async (
    role: LabelledImage['role'],
    colour: { r: number; g: number; b: number },
    itemIndex?: number,
  ): Promise<LabelledImage> => ({
    role,
    mimeType: 'image/webp',
    data: await makeImage(24, 24, 'webp', colour),
    itemIndex,
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
