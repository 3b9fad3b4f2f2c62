import { describe, expect, it } from 'vitest';
import { objectNamed, requestParts, samePiece } from './request-parts';

describe('the parts a request names', () => {
  it('binds a colour to the piece it is said of, and keeps a piece named without one', () => {
    const { parts, palette, freeText } = requestParts('a dark green armchair and a bookshelf');
    expect(parts).toEqual([
      { kind: 'object', noun: 'armchair', colour: { name: 'forest green', hex: '#2b5436' }, words: 'dark green armchair' },
      { kind: 'object', noun: 'bookshelf', words: 'bookshelf' },
    ]);
    expect(palette).toEqual([]); // no green for the whole room
    expect(freeText).toBe('');
  });

  it("reads the room's surfaces, either way round, and not in a piece's name", () => {
    const { parts } = requestParts('Scandinavian with sage green walls, ceiling painted white; a wall light');
    expect(parts.map((part) => [part.kind, part.kind === 'region' ? part.region : part.noun, part.colour?.name])).toEqual([
      ['region', 'walls', 'sage green'],
      ['region', 'ceiling', 'white'],
      ['object', 'wall light', undefined],
    ]);
  });

  it('keeps a colour said of no part as the palette, with the words around it', () => {
    const { parts, palette, freeText } = requestParts('calm, with sage green and oak; navy cabinets');
    expect(palette.map((colour) => colour.name)).toEqual(['sage green']);
    expect(freeText).toBe('calm. sage green. oak');
    expect(parts).toEqual([{ kind: 'surface', noun: 'cabinets', colour: { name: 'navy', hex: '#1f2e50' }, words: 'navy cabinets' }]);
  });

  it('knows a piece from its own description, and one piece by its other names', () => {
    expect(objectNamed('Green velvet armchair from the attic')).toBe('armchair');
    expect(objectNamed('Bookshelves, oak')).toBe('bookshelf');
    expect(objectNamed('a photo of something')).toBeUndefined();
    expect(samePiece('couch', 'sofa')).toBe(true);
    expect(samePiece('chair', 'armchair')).toBe(false);
  });
});
