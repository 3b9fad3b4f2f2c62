import { differenceCiede2000 } from 'culori';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { drawRoom, type RoomDrawing } from '@rv/testing/test-rooms';
import type { BriefLook } from '../../../domain/design-brief';
import { redesign } from '../../../engines/local/local-image-work';
import { measureImage } from '../../../engines/local/measure-image';
import { paletteLook, plainBrief } from '../../../../test/fixtures';
import { CLOSE_DISTANCE, consistencyOf, NEAR_DISTANCE, paletteDistance, transportCost } from './consistency';

const palette = (...colours: [hex: string, share: number][]) => colours.map(([hex, share]) => ({ hex, share }));
// A beige living room as its dominant palette: walls, ceiling, an oak floor, a grey-green sofa in a corner.
const beigeRoom = palette(['#c8b99a', 0.55], ['#ebe5d6', 0.2], ['#7a6143', 0.2], ['#8a8f86', 0.05]);
// The same room with grey walls: every colour of it has a near colour in the beige room (the sofa's grey).
const greyRoom = palette(['#8c8f8a', 0.55], ['#ebe5d6', 0.2], ['#7a6143', 0.2], ['#c8b99a', 0.05]);
const look = { roomWords: 'living room', pieces: [] };
const said = (room: typeof beigeRoom) => consistencyOf({ look, sourcePalette: beigeRoom, resultPalette: room, resultItems: [] });

describe('the palette distance between a look and a room', () => {
  it('is 0 for the same palette and the same both ways', () => {
    expect(paletteDistance(beigeRoom, beigeRoom)).toBe(0);
    expect(paletteDistance(beigeRoom, greyRoom)).toBeCloseTo(paletteDistance(greyRoom, beigeRoom), 6);
  });

  it('weighs each colour by its share: grey walls (8.9) do not match beige walls because the beige room has a grey corner', () => {
    expect(paletteDistance(beigeRoom, greyRoom)).toBeCloseTo(8.9, 1);
    expect(said(greyRoom).level).toBe('near');
    expect(said(greyRoom).words).toBe('Somewhat like your living room');
  });

  it('is the least cost of moving one palette onto the other: the same as the best of every way to pair their pixels (brute force)', () => {
    // Palettes of 1-5 random colours whose shares are sevenths: seven pixels a side, so every way of moving one
    // palette onto the other is at best a pairing of the seven pixels (Birkhoff), and there are only 7! pairings.
    const ciede2000 = differenceCiede2000();
    let seed = 49;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31), seed / 2 ** 31);
    const pixels = (colours: number) => {
      const owners = Array.from({ length: 7 }, (_, n) => (n < colours ? n : Math.floor(random() * colours)));
      const hexes = Array.from(
        { length: colours },
        () =>
          `#${Math.floor(random() * 0xffffff)
            .toString(16)
            .padStart(6, '0')}`,
      );
      return { owners, palette: hexes.map((hex, n) => ({ hex, share: owners.filter((owner) => owner === n).length / 7 })) };
    };
    const pairings = (n: number): number[][] =>
      n === 0 ? [[]] : pairings(n - 1).flatMap((p) => Array.from({ length: n }, (_, at) => [...p.slice(0, at), n - 1, ...p.slice(at)]));
    const all = pairings(7);
    for (let round = 0; round < 40; round++) {
      const a = pixels(1 + Math.floor(random() * 5));
      const b = pixels(1 + Math.floor(random() * 5));
      const cost = a.palette.map((x) => b.palette.map((y) => ciede2000(x.hex, y.hex)));
      const best = Math.min(
        ...all.map((pairing) => pairing.reduce((sum, to, from) => sum + cost[a.owners[from]!]![b.owners[to]!]!, 0) / 7),
      );
      expect(paletteDistance(a.palette, b.palette)).toBeCloseTo(best, 9);
    }
  });

  it('moves a share the cheap way round even when the nearest pair first would not (where a greedy transport costs 25 times as much)', () => {
    // x is nearest p, but y can only go cheaply to p: the best move sends x to q and y to p (cost 2, not 50.5).
    expect(
      transportCost(
        [0.5, 0.5],
        [0.5, 0.5],
        [
          [1, 2],
          [2, 100],
        ],
      ),
    ).toBeCloseTo(2, 9);
    expect(
      transportCost(
        [0.2, 0.8],
        [0.5, 0.3, 0.2],
        [
          [0, 5, 9],
          [4, 1, 3],
        ],
      ),
    ).toBeCloseTo(0.3 * 4 + 0.3 * 1 + 0.2 * 3, 9);
  });
});

describe('what the figure says, set from rooms a person would judge against a beige living room', () => {
  const cases = [
    // The same room in slightly other shades, and with other small accents: the same colours to a person.
    [
      'the same room in slightly other shades',
      palette(['#c5b697', 0.55], ['#e8e2d3', 0.2], ['#7d6446', 0.2], ['#8d9289', 0.05]),
      0.8,
      'close',
    ],
    [
      'the same room a little lighter and darker',
      palette(['#cdbd9c', 0.5], ['#eee8da', 0.22], ['#76603f', 0.22], ['#888d84', 0.06]),
      2.3,
      'close',
    ],
    [
      'the same walls and floor with a rust sofa',
      palette(['#c8b99a', 0.55], ['#ebe5d6', 0.2], ['#7a6143', 0.2], ['#b5651d', 0.05]),
      1.4,
      'close',
    ],
    [
      'the same walls and floor with navy and rust accents',
      palette(['#c8b99a', 0.5], ['#ebe5d6', 0.2], ['#7a6143', 0.2], ['#2f4a7a', 0.06], ['#b5651d', 0.04]),
      3.4,
      'close',
    ],
    // One main surface in another colour: the same home, but a person sees the walls are not the living room's.
    ['tan walls', palette(['#c9a27e', 0.55], ['#ebe5d6', 0.2], ['#7a6143', 0.2], ['#8a8f86', 0.05]), 5.6, 'near'],
    ['light grey walls', palette(['#b5b5b2', 0.55], ['#ebe5d6', 0.2], ['#7a6143', 0.2], ['#8a8f86', 0.05]), 6.3, 'near'],
    ['sage walls', palette(['#9caf88', 0.55], ['#ebe5d6', 0.2], ['#7a6143', 0.2], ['#8a8f86', 0.05]), 7.8, 'near'],
    ['grey walls', greyRoom, 8.9, 'near'],
    // Neutral rooms of another lightness: still calm neutrals, somewhat like it.
    ['grey walls on a charcoal floor', palette(['#8c8f8a', 0.55], ['#ebe5d6', 0.2], ['#4a4a52', 0.2], ['#8a8f86', 0.05]), 13.9, 'near'],
    ['white walls on a black floor', palette(['#e8e8e8', 0.55], ['#f4f4f0', 0.2], ['#303030', 0.2], ['#8a8f86', 0.05]), 15.1, 'near'],
    ['an all-white room on a pale floor', palette(['#f0efe9', 0.55], ['#fafaf7', 0.2], ['#c9b28f', 0.2], ['#8a8f86', 0.05]), 15.8, 'near'],
    // Walls of a strong other colour: another look.
    ['terracotta walls on a dark floor', palette(['#b46a5a', 0.55], ['#ebe5d6', 0.2], ['#5a3a2a', 0.2], ['#8a8f86', 0.05]), 18.4, 'far'],
    ['forest green walls', palette(['#2f4a3a', 0.55], ['#ebe5d6', 0.2], ['#7a6143', 0.2], ['#c0a060', 0.05]), 26.6, 'far'],
    ['red walls on a black floor', palette(['#c0182a', 0.55], ['#d02030', 0.2], ['#101010', 0.2], ['#f4f4f0', 0.05]), 39.4, 'far'],
    ['a dark blue room', palette(['#1f2f4f', 0.55], ['#d8dde6', 0.2], ['#3a3a40', 0.2], ['#c0a060', 0.05]), 40.8, 'far'],
  ] as const;
  const words = { close: 'Matches your living room closely', near: 'Somewhat like your living room', far: 'Differs from your living room' };

  for (const [room, colours, figure, level] of cases)
    it(`${room}: ${figure.toFixed(1)}, "${words[level]}"`, () => {
      const answer = said(colours);
      expect(answer.paletteDistance).toBeCloseTo(figure, 1);
      expect(answer.level).toBe(level);
      expect(answer.words).toBe(words[level]);
    });

  it(`puts the thresholds (${CLOSE_DISTANCE}, ${NEAR_DISTANCE}) between the verdicts, with room either side`, () => {
    const highest = (level: string) => Math.max(...cases.filter((c) => c[3] === level).map((c) => c[2]));
    const lowest = (level: string) => Math.min(...cases.filter((c) => c[3] === level).map((c) => c[2]));
    expect(highest('close')).toBeLessThan(CLOSE_DISTANCE - 1);
    expect(lowest('near')).toBeGreaterThan(CLOSE_DISTANCE + 0.5);
    expect(highest('near')).toBeLessThan(NEAR_DISTANCE - 1);
    expect(lowest('far')).toBeGreaterThan(NEAR_DISTANCE + 1);
  });

  it('a close palette with under half the named pieces found again is only somewhat like it', () => {
    const pieces = [{ name: 'sage green velvet sofa' }, { name: 'oak coffee table' }] as const;
    const answer = consistencyOf({
      look: { roomWords: 'living room', pieces: [...pieces] } as never,
      sourcePalette: beigeRoom,
      resultPalette: beigeRoom,
      resultItems: [],
    });
    expect(answer.words).toBe('Somewhat like your living room');
  });
});

/**
 * The offline engine's rooms of the home in ADR 065's screenshots and the whole-home tests: a living room made
 * 'sage green and warm oak' and its look taken to other drawn rooms. What it makes of each, and what is said.
 */
describe('the words on the offline engine’s rooms made with a living room’s look', () => {
  it('the same room closely; tan and blue-walled rooms (tan and grey walls) somewhat; red walls on a black floor differ', async () => {
    const photo = async (colours: RoomDrawing['colours'] = {}) =>
      sharp(await drawRoom({ width: 480, height: 360, colours }))
        .jpeg()
        .toBuffer();
    const made = async (room: Buffer, withLook?: BriefLook) =>
      (
        await redesign({
          prompt: '',
          brief: { ...plainBrief('sage green and warm oak'), ...(withLook ? { look: withLook } : {}) },
          room: { role: 'room', data: room, mimeType: 'image/jpeg' },
          references: [],
          count: 1,
        })
      ).images[0]!.data;
    const sourcePalette = (await measureImage(await made(await photo()), { colours: 5 })).palette;
    const theLook = paletteLook(sourcePalette);
    const answer = async (colours: RoomDrawing['colours']) => {
      const resultPalette = (await measureImage(await made(await photo(colours), theLook), { colours: 5 })).palette;
      return consistencyOf({ look: theLook, sourcePalette, resultPalette, resultItems: [] });
    };
    const rooms = {
      same: await answer({}),
      tan: await answer({ backWall: '#c9a27e', sideWalls: '#b8926e' }),
      blue: await answer({ backWall: '#7f93b4', sideWalls: '#6d82a3', floor: '#4a4a52' }),
      red: await answer({ backWall: '#c0182a', sideWalls: '#a01020', floor: '#101010', ceiling: '#d02030' }),
    };
    console.info(
      `offline engine with the look: ${Object.entries(rooms)
        .map(([room, figure]) => `${room} ${figure.paletteDistance} (${figure.words})`)
        .join(', ')}`,
    );
    expect(rooms.same.words).toBe('Matches your living room closely');
    expect(rooms.tan.words).toBe('Somewhat like your living room');
    expect(rooms.blue.words).toBe('Somewhat like your living room');
    expect(rooms.red.words).toBe('Differs from your living room');
  }, 60_000);
});
