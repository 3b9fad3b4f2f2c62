import type { ShoppableItem } from '@rv/contracts/api/designs';
import { designImage } from '@/test/design-image';
import { describe, expect, it } from 'vitest';
import { designItems, itemDetails } from './design-items';

const sofa: ShoppableItem = {
  name: 'green velvet sofa',
  category: 'Furniture',
  furnitureType: 'Sofa',
  colour: 'green',
  material: 'velvet',
};
const rug: ShoppableItem = { name: 'jute rug', category: 'Decor', furnitureType: null, colour: null, material: 'jute' };
const lamp: ShoppableItem = { name: 'brass floor lamp', category: 'Lighting', furnitureType: null, colour: 'brass', material: null };

const image = (id: string, position: number | null, items: ShoppableItem[] | null) =>
  designImage({ id, kind: position === null ? 'original' : 'generated', url: `/api/files/designs/d1/${id}.webp`, position, items });

describe('designItems', () => {
  it('lists the result images’ items in their order, each name once, and never the original’s', () => {
    const images = [image('g2', 1, [rug, sofa]), image('original', null, [lamp]), image('g1', 0, [sofa]), image('g3', 2, null)];
    expect(designItems(images).map((item) => item.name)).toEqual(['green velvet sofa', 'jute rug']);
  });

  it('is empty for images whose items are not listed yet', () => {
    expect(designItems([image('g1', 0, null)])).toEqual([]);
  });
});

describe('itemDetails', () => {
  it('joins what is known of an item', () => {
    expect(itemDetails(sofa)).toBe('Furniture · Sofa · green · velvet');
    expect(itemDetails(rug)).toBe('Decor · jute');
  });
});
