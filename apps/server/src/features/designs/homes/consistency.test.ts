import { describe, expect, it } from 'vitest';
import { CLOSE_DISTANCE, consistencyOf, paletteDistance } from './consistency';

// A beige living room as its dominant palette: walls, ceiling, floor, a grey-green sofa in a corner.
const beigeRoom = [
  { hex: '#c8b99a', share: 0.55 },
  { hex: '#ebe5d6', share: 0.2 },
  { hex: '#7a6143', share: 0.2 },
  { hex: '#8a8f86', share: 0.05 },
];
// The same room with grey walls: every colour of it has a near colour in the beige room (the sofa's grey).
const greyRoom = [
  { hex: '#8c8f8a', share: 0.55 },
  { hex: '#ebe5d6', share: 0.2 },
  { hex: '#7a6143', share: 0.2 },
  { hex: '#c8b99a', share: 0.05 },
];
const look = { roomWords: 'living room', pieces: [] };

describe('the palette distance between a look and a room', () => {
  it('is 0 for the same palette and the same both ways', () => {
    expect(paletteDistance(beigeRoom, beigeRoom)).toBe(0);
    expect(paletteDistance(beigeRoom, greyRoom)).toBeCloseTo(paletteDistance(greyRoom, beigeRoom), 6);
  });

  it('weighs each colour by its share: grey walls do not match beige walls because the beige room has a grey corner', () => {
    const distance = paletteDistance(beigeRoom, greyRoom);
    expect(distance).toBeGreaterThanOrEqual(CLOSE_DISTANCE);
    const said = consistencyOf({ look, sourcePalette: beigeRoom, resultPalette: greyRoom, resultItems: [] });
    expect(said.level).not.toBe('close');
    expect(said.words).not.toBe('Matches your living room closely');
  });

  it('calls a room with the same colours in slightly other shades close', () => {
    const shaded = beigeRoom.map((colour, n) => ({ ...colour, hex: ['#c5b697', '#e8e2d3', '#7d6446', '#8d9289'][n]! }));
    const said = consistencyOf({ look, sourcePalette: beigeRoom, resultPalette: shaded, resultItems: [] });
    expect(said.paletteDistance).toBeLessThan(CLOSE_DISTANCE);
    expect(said.words).toBe('Matches your living room closely');
  });
});
