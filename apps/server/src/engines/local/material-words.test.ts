import { describe, expect, it } from 'vitest';
import { parseMaterialWords } from './material-words';

describe('parseMaterialWords', () => {
  it('finds materials in order, each once, preferring the longer phrase', () => {
    expect(parseMaterialWords('Swap the oak table for walnut, add brass and a marble top. More walnut!').map((m) => m.name)).toEqual([
      'oak',
      'walnut',
      'brass',
      'marble',
    ]);
    expect(parseMaterialWords('stainless steel sink').map((m) => m.name)).toEqual(['steel']);
    expect(parseMaterialWords('oak wood shelves and a wooden bench').map((m) => m.name)).toEqual(['oak', 'wood']);
    expect(parseMaterialWords('bouclé chair, wicker basket').map((m) => m.name)).toEqual(['wool', 'rattan']);
  });

  it('ignores words that merely contain a material', () => {
    expect(parseMaterialWords('cloak, glassy, brassy, marbled')).toEqual([]);
  });
});
