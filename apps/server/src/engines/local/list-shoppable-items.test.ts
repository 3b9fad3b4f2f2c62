import { describe, expect, it } from 'vitest';
import { briefWith } from '../../../test/engine-fixtures';
import { listShoppableItems, MAX_SHOPPABLE_ITEMS } from './list-shoppable-items';
import type { PaletteEntry } from './measure-image';

const palette: PaletteEntry[] = [
  { hex: '#9caf88', name: 'sage green', share: 0.42 },
  { hex: '#d9cbb5', name: 'warm sand', share: 0.31 },
  { hex: '#1a1a1a', name: 'black', share: 0.02 },
];

describe('listShoppableItems (local engine)', () => {
  it("lists the user's 'Green velvet sofa' as Furniture / Sofa with its colour and material", () => {
    const items = listShoppableItems(
      briefWith({ items: [{ description: 'Green velvet sofa', placement: 'against the left wall' }] }),
      palette,
    );
    expect(items[0]).toEqual({
      name: 'green velvet sofa',
      category: 'Furniture',
      furnitureType: 'Sofa',
      colour: 'green',
      material: 'velvet',
    });
  });

  it('reads each item by its words: tables, lamps, rugs, art, storage', () => {
    const items = listShoppableItems(
      briefWith({
        items: [
          { description: 'light oak round coffee table', placement: '' },
          { description: 'rattan pendant light', placement: '' },
          { description: 'jute rug', placement: '' },
          { description: 'abstract print', placement: '' },
          { description: 'walnut sideboard', placement: '' },
          { description: 'brass candle holder', placement: '' },
        ],
      }),
      [],
    );
    expect(items.map((i) => [i.name, i.category, i.furnitureType])).toEqual([
      ['light oak round coffee table', 'Furniture', 'Table & Chairs'],
      ['rattan pendant light', 'Lighting', null],
      ['jute rug', 'Rugs', null],
      ['abstract print', 'Artwork', null],
      ['walnut sideboard', 'Furniture', 'Casegoods & Storage'],
      ['brass candle holder', 'Decor', null],
    ]);
    expect(items.find((i) => i.name === 'walnut sideboard')?.material).toBe('walnut');
  });

  it('lists the finishes of a kitchen design with their categories', () => {
    const items = listShoppableItems(
      briefWith({
        tool: 'kitchen-bathroom',
        items: [
          { description: 'white marble', placement: 'island', category: 'Countertops' },
          { description: 'sage green shaker cabinets', placement: '', category: 'Cabinetry' },
          { description: 'brass pendant', placement: '', category: 'Lighting' },
        ],
      }),
      [],
    );
    expect(items).toEqual([
      { name: 'white marble countertop', category: 'Decor', furnitureType: null, colour: 'white', material: 'marble' },
      {
        name: 'sage green shaker cabinets',
        category: 'Furniture',
        furnitureType: 'Casegoods & Storage',
        colour: 'sage green',
        material: null,
      },
      { name: 'brass pendant', category: 'Lighting', furnitureType: null, colour: null, material: 'brass' },
    ]);
  });

  it('a design with no items and no style gets only palette-backed decor pieces, in its measured colours (not a 2% black)', () => {
    const items = listShoppableItems(briefWith({}), palette);
    expect(items).toEqual([
      { name: 'sage green rug', category: 'Rugs', furnitureType: null, colour: 'sage green', material: null },
      { name: 'warm sand cushions', category: 'Bedding & Pillows', furnitureType: null, colour: 'warm sand', material: null },
      { name: 'sage green table lamp', category: 'Lighting', furnitureType: null, colour: 'sage green', material: null },
      { name: 'warm sand wall art', category: 'Artwork', furnitureType: null, colour: 'warm sand', material: null },
    ]);
  });

  it('names decor with the style word when there is one, and adds none for a category the user already covers; nothing without a measured colour', () => {
    const items = listShoppableItems(
      briefWith({ styleDescription: 'japandi, calm', items: [{ description: 'wool rug', placement: '' }] }),
      palette,
    );
    expect(items.map((i) => i.name)).toEqual([
      'wool rug',
      'japandi sage green cushions',
      'japandi warm sand table lamp',
      'japandi sage green wall art',
    ]);
    expect(listShoppableItems(briefWith({ styleDescription: 'japandi' }), [])).toEqual([]);
  });

  it('lists at most 12, and skips an empty description', () => {
    const many = Array.from({ length: 20 }, (_, i) => ({ description: i === 0 ? '   ' : `chair ${i}`, placement: '' }));
    const items = listShoppableItems(briefWith({ items: many }), palette);
    expect(items).toHaveLength(MAX_SHOPPABLE_ITEMS);
    expect(items[0]?.name).toBe('chair 1');
  });
});
