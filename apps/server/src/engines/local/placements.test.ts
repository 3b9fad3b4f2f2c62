import { describe, expect, it } from 'vitest';
import { DEFAULT_ITEM_SIZE, itemSizeFromWords, placementFromWords } from './placements';

describe('placementFromWords', () => {
  const at = (words: string, windowX?: number) => placementFromWords(words, { spread: 0.5, ...(windowX === undefined ? {} : { windowX }) });

  it('reads left, right, centre and corners', () => {
    expect(at('on the left')).toMatchObject({ x: 0.22, mount: 'floor', understood: true });
    expect(at('Right side')).toMatchObject({ x: 0.78, understood: true });
    expect(at('in the centre')).toMatchObject({ x: 0.5 });
    expect(at('center of the room')).toMatchObject({ x: 0.5 });
    expect(at('left corner').x).toBe(0.1);
    expect(at('corner').x).toBe(0.9);
  });

  it('puts things by the window under the window the photo shows, or beside it', () => {
    expect(at('by the window', 0.3).x).toBeCloseTo(0.3);
    expect(at('left of the window', 0.3).x).toBeCloseTo(0.1);
    expect(at('right of the window', 0.3).x).toBeCloseTo(0.5);
    expect(at('near the windows').x).toBe(0.5);
  });

  it('hangs things on the wall or from the ceiling, and lays them on the floor', () => {
    expect(at('on the wall above the sofa')).toMatchObject({ mount: 'wall', y: 0.4 });
    expect(at('hanging from the ceiling')).toMatchObject({ mount: 'ceiling', y: 0.03 });
    expect(at('on the floor')).toMatchObject({ mount: 'floor', y: 0.97 });
    expect(at('in the foreground')).toMatchObject({ y: 0.97, scale: 1.15 });
    expect(at('against the back wall')).toMatchObject({ y: 0.74, scale: 0.75, mount: 'floor' });
  });

  it('spreads unplaced items along the lower third', () => {
    expect(placementFromWords('', { spread: 0 })).toEqual({ x: 0.12, y: 0.92, mount: 'floor', scale: 1, understood: false });
    expect(placementFromWords('wherever', { spread: 1 }).x).toBeCloseTo(0.88);
  });

  it('keeps an item where it goes by nature unless told otherwise', () => {
    expect(placementFromWords('', { spread: 0.5, naturalMount: 'wall' })).toMatchObject({ mount: 'wall', understood: false });
    expect(placementFromWords('', { spread: 0.5, naturalMount: 'floor' })).toMatchObject({ y: 0.95, understood: false });
  });
});

describe('itemSizeFromWords', () => {
  it('sizes items by what they are', () => {
    expect(itemSizeFromWords('Green velvet sofa').maxWidth).toBe(0.5);
    expect(itemSizeFromWords('abstract painting').mount).toBe('wall');
    expect(itemSizeFromWords('jute rug').mount).toBe('floor');
    expect(itemSizeFromWords('brass floor lamp').height).toBeGreaterThan(itemSizeFromWords('ceramic table lamp').height);
    expect(itemSizeFromWords('a thing')).toEqual(DEFAULT_ITEM_SIZE);
  });
});
