import { afterEach, describe, expect, it } from 'vitest';
import type { BrushState } from './mask-strokes';
import { forgetPaintingHandedOverTo, handOverPainting, paintingHandedOverTo } from './painting-handover';

const painting = (imageId: string): BrushState => ({ imageId, strokes: [{ mode: 'paint', rect: [0.1, 0.1, 0.4, 0.5] }] });

afterEach(() => {
  forgetPaintingHandedOverTo('d1');
  forgetPaintingHandedOverTo('d2');
});

describe('painting hand-over', () => {
  it('holds nothing until a painting is handed over', () => {
    expect(paintingHandedOverTo('d1')).toBeNull();
  });

  it('gives the painting to its own design only, as often as it is read, until that design forgets it', () => {
    handOverPainting('d1', painting('g2'));
    expect(paintingHandedOverTo('d2')).toBeNull();
    expect(paintingHandedOverTo('d1')).toEqual(painting('g2'));
    expect(paintingHandedOverTo('d1')).toEqual(painting('g2'));
    forgetPaintingHandedOverTo('d1');
    expect(paintingHandedOverTo('d1')).toBeNull();
  });

  it('another design forgetting leaves the painting in place; a newer hand-over replaces it', () => {
    handOverPainting('d1', painting('g1'));
    forgetPaintingHandedOverTo('d2');
    expect(paintingHandedOverTo('d1')).toEqual(painting('g1'));
    handOverPainting('d2', painting('g9'));
    expect(paintingHandedOverTo('d1')).toBeNull();
    expect(paintingHandedOverTo('d2')).toEqual(painting('g9'));
  });
});
