import type { ShoppableItem } from '@rv/contracts/api/designs';
import { viewImage } from '@test/design-image';
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

const image = (id: string, items: ShoppableItem[] | null) => viewImage({ id, url: `/api/files/designs/d1/${id}.webp`, items });

describe('designItems', () => {
  it('lists the images’ items in the view’s order (the first shown first), each name once', () => {
    const images = [image('g1', [sofa]), image('g2', [rug, sofa]), image('g3', null), image('g4', [lamp])];
    expect(designItems(images).map((item) => item.name)).toEqual(['green velvet sofa', 'jute rug', 'brass floor lamp']);
  });

  it('is empty for images whose items are not listed yet', () => {
    expect(designItems([image('g1', null)])).toEqual([]);
  });
});

describe('itemDetails', () => {
  it('joins what is known of an item', () => {
    expect(itemDetails(sofa)).toBe('Furniture · Sofa · green · velvet');
    expect(itemDetails(rug)).toBe('Decor · jute');
  });
});
