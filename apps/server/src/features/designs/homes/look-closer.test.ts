import { describe, expect, it } from 'vitest';
import { drawRoom, type RoomDrawing } from '@rv/testing/test-rooms';
import type { BriefLook } from '../../../domain/design-brief';
import { redesign } from '../../../engines/local/local-image-work';
import { measureImage } from '../../../engines/local/measure-image';
import { paletteLook, plainBrief } from '../../../../test/fixtures';
import { paletteDistance } from './consistency';

/**
 * On constructed rooms with the offline engine (issue 49): a room made with a look is measurably closer to the
 * look's source (CIEDE2000 between the dominant palettes) than the same room made without it.
 */
describe('the offline engine carries a look', () => {
  it('three rooms of other colours come out closer to the source room with its look than without it', async () => {
    const room = (colours: RoomDrawing['colours']) => drawRoom({ width: 320, height: 240, colours });
    const made = async (photo: Buffer, look?: BriefLook) =>
      (
        await redesign({
          prompt: '',
          brief: { ...plainBrief('calm'), ...(look ? { look } : {}) },
          room: { role: 'room', data: photo, mimeType: 'image/png' },
          references: [],
          count: 1,
        })
      ).images[0]!.data;

    const source = (
      await redesign({
        prompt: '',
        brief: plainBrief('sage green and warm oak'),
        room: { role: 'room', data: await room({}), mimeType: 'image/png' },
        references: [],
        count: 1,
      })
    ).images[0]!.data;
    const sourcePalette = (await measureImage(source, { colours: 5 })).palette;
    const look = paletteLook(sourcePalette);

    const rooms = [
      { backWall: '#7f93b4', sideWalls: '#6d82a3', floor: '#4a4a52' },
      { backWall: '#b46a5a', sideWalls: '#a35d4f', floor: '#5a3a2a' },
      { backWall: '#e8e8e8', sideWalls: '#d0d0d0', floor: '#303030' },
    ];
    const figures: { without: number; with: number }[] = [];
    for (const colours of rooms) {
      const photo = await room(colours);
      const distance = async (image: Buffer) => paletteDistance(sourcePalette, (await measureImage(image, { colours: 5 })).palette);
      figures.push({ without: await distance(await made(photo)), with: await distance(await made(photo, look)) });
    }
    const mean = (key: 'with' | 'without') => figures.reduce((sum, figure) => sum + figure[key], 0) / figures.length;
    console.info(
      `palette distance to the source (CIEDE2000), without the look → with it: ${figures.map((f) => `${f.without.toFixed(1)} → ${f.with.toFixed(1)}`).join(', ')}; mean ${mean('without').toFixed(1)} → ${mean('with').toFixed(1)}`,
    );
    for (const figure of figures) expect(figure.with).toBeLessThan(figure.without);
    expect(mean('with')).toBeLessThan(mean('without') - 2);
  }, 60_000);
});
