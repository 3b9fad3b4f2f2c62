import { expect, test } from 'vitest';
import type { LabelledImage } from '../../domain/design-brief';
import { labelsAsText, redesignParts, refinePrompt } from './label-images';
import { slotFor, testBrief } from '../../../test/engine-fixtures';

const image = (role: LabelledImage['role'], itemIndex?: number): LabelledImage => ({
  ...slotFor(role, itemIndex),
  mimeType: 'image/png',
  data: Buffer.from(role),
});

test('kitchen finishes are labelled with where they go; inspiration comes last whatever the input order', () => {
  const brief = {
    ...testBrief,
    tool: 'kitchen-bathroom' as const,
    items: [{ description: 'white marble', placement: '', category: 'Countertops' }],
  };
  const parts = redesignParts({
    prompt: 'p',
    brief,
    room: image('room'),
    references: [image('inspiration'), image('finish', 0), image('inspiration')],
    count: 1,
  });
  expect(labelsAsText(parts)).toBe(
    [
      'The images are supplied in this order:',
      'Image 1: ROOM PHOTO — keep its architecture',
      'Image 2: FINISH 1 — white marble, place: Countertops',
      'Image 3: INSPIRATION 1',
      'Image 4: INSPIRATION 2',
    ].join('\n'),
  );
});

test('the tweak is added to the refine prompt only when the prompt lacks it', () => {
  const base = { base: image('base'), room: image('room'), scope: 'tweak' as const, tweakImages: [] };
  expect(refinePrompt({ ...base, prompt: 'Refine.', tweakText: 'green sofa' })).toBe('Refine.\n\nRequested change: green sofa');
  expect(refinePrompt({ ...base, prompt: 'Refine: green sofa.', tweakText: 'green sofa' })).toBe('Refine: green sofa.');
});
