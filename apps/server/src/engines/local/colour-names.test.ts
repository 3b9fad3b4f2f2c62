import { describe, expect, it } from 'vitest';
import { COLOUR_TABLE, colourByName, hexToRgb, nearestColourName, parseColourWords, rgbToHex } from './colour-names';

describe('colour table', () => {
  it('has about sixty colours whose names are one or two lowercase words, each unique', () => {
    expect(COLOUR_TABLE.length).toBeGreaterThanOrEqual(55);
    const names = COLOUR_TABLE.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    for (const { name, hex } of COLOUR_TABLE) {
      expect(`${hex} ${name}`).toMatch(/^#[0-9a-f]{6} [a-z]+( [a-z]+)?$/);
    }
  });

  it('names every table colour by itself', () => {
    for (const { name, hex } of COLOUR_TABLE) expect(nearestColourName(hex)).toBe(name);
  });

  it('names colours near a table entry by CIELAB distance', () => {
    expect(nearestColourName('#1c2b4a')).toBe('navy');
    expect(nearestColourName('#c4673f')).toBe('terracotta');
    expect(nearestColourName('#9db08a')).toBe('sage green');
    expect(nearestColourName('#fefefe')).toBe('white');
    expect(nearestColourName('#000000')).toBe('black');
  });

  it('round-trips hex and rgb', () => {
    expect(rgbToHex(hexToRgb('#d9cbb5'))).toBe('#d9cbb5');
    expect(rgbToHex([300, -4, 127.6])).toBe('#ff0080');
    expect(() => hexToRgb('green')).toThrow();
  });

  it('finds colours by name or alias', () => {
    expect(colourByName('Navy Blue')?.name).toBe('navy');
    expect(colourByName('gray')?.name).toBe('grey');
    expect(colourByName('chartreuse')).toBeUndefined();
  });
});

describe('parseColourWords', () => {
  it('finds colour words in free text, in order, longest phrase first', () => {
    expect(parseColourWords('A green velvet sofa, navy cushions and terracotta pots').map((c) => c.name)).toEqual([
      'green',
      'navy',
      'terracotta',
    ]);
    expect(parseColourWords('sage green walls with a touch of green').map((c) => c.name)).toEqual(['sage green', 'green']);
  });

  it('understands aliases, hyphens and case', () => {
    expect(parseColourWords('Gray rug, SAGE throw, off-white curtains').map((c) => c.name)).toEqual(['grey', 'sage green', 'off white']);
  });

  it('reads hex codes, keeping the name written after them', () => {
    expect(parseColourWords('Palette: #d9cbb5 warm sand, #123456.')).toEqual([
      { hex: '#d9cbb5', name: 'warm sand' },
      { hex: '#123456', name: nearestColourName('#123456') },
    ]);
  });

  it('ignores words that merely contain a colour and text with no colours', () => {
    expect(parseColourWords('Redo the reddish bluesy greenery')).toEqual([]);
    expect(parseColourWords('a cosy reading corner')).toEqual([]);
  });

  it('gives the table hex for named colours', () => {
    expect(parseColourWords('terracotta')).toEqual([{ name: 'terracotta', hex: '#c2643c' }]);
  });
});
