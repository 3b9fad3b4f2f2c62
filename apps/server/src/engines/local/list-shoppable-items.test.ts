import { describe, expect, it } from 'vitest';
import { briefWith } from '../../../test/engine-fixtures';
import { listShoppableItems, MAX_SHOPPABLE_ITEMS } from './list-shoppable-items';

describe('listShoppableItems (local engine)', () => {
  it("lists the user's 'Green velvet sofa' as Furniture / Sofa with its colour and material", () => {
    const items = listShoppableItems(
      briefWith({ items: [{ description: 'Green velvet sofa', placement: 'against the left wall' }] }),
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

  it('lists only what it put in the image: nothing for a design without items, whatever its style or colours', () => {
    expect(listShoppableItems(briefWith({}))).toEqual([]);
    expect(listShoppableItems(briefWith({ styleDescription: 'japandi, calm', additionalText: 'a moss green rug' }))).toEqual([]);
    expect(listShoppableItems(briefWith({ items: [{ description: 'wool rug', placement: '' }] })).map((i) => i.name)).toEqual([
      'wool rug',
    ]);
  });

  it('types an armchair as a chair, not a sofa', () => {
    const items = listShoppableItems(
      briefWith({
        items: [
          { description: 'dark green armchair', placement: '' },
          { description: 'velvet accent chair', placement: '' },
          { description: 'linen loveseat', placement: '' },
        ],
      }),
    );
    expect(items.map((i) => [i.name, i.furnitureType])).toEqual([
      ['dark green armchair', 'Table & Chairs'],
      ['velvet accent chair', 'Table & Chairs'],
      ['linen loveseat', 'Sofa'],
    ]);
  });

  it('lists at most 12, and skips an empty description', () => {
    const many = Array.from({ length: 20 }, (_, i) => ({ description: i === 0 ? '   ' : `chair ${i}`, placement: '' }));
    const items = listShoppableItems(briefWith({ items: many }));
    expect(items).toHaveLength(MAX_SHOPPABLE_ITEMS);
    expect(items[0]?.name).toBe('chair 1');
  });
});
