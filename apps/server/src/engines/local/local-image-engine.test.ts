import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DesignBrief } from '../../domain/design-brief';
import type { LabelledImage } from '../../domain/design-brief';
import { EngineError } from '../image-engine';
import { FIDELITY_THRESHOLD, scoreArchitectureFidelity } from '../fidelity/architecture-fidelity';
import { briefWith, slotFor } from '../../../test/engine-fixtures';
import { drawRoom, redItemOnWhite } from '@rv/testing/test-rooms';
import { deltaE, hexToRgb, rgbToLab, type Rgb } from './colour-names';
import { createLocalImageEngine, lastLocalEngineCall, type LocalEngineCall } from './local-image-engine';
import type { RefineScope } from '@rv/contracts/domain';

const png = (data: Buffer, role: LabelledImage['role'] = 'room', itemIndex?: number): LabelledImage => ({
  ...slotFor(role, itemIndex),
  data,
  mimeType: 'image/png',
});
const options = { requestKey: 'job-1:design' };

async function rawOf(image: Buffer) {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

async function meanRgb(image: Buffer): Promise<Rgb> {
  const { channels } = await sharp(image).stats();
  return [channels[0]?.mean ?? 0, channels[1]?.mean ?? 0, channels[2]?.mean ?? 0];
}

const greenness = ([r, g, b]: Rgb) => g - (r + b) / 2;

let room: Buffer;
/** The same room in darker paint, with nothing near white in it. */
let darkRoom: Buffer;

beforeAll(async () => {
  room = await drawRoom();
  darkRoom = await drawRoom({
    colours: { ceiling: '#9a948a', glass: '#8aa0b0', frame: '#707070', backWall: '#8a8070', sideWalls: '#7a7060' },
  });
});

describe('local image engine: redesign', () => {
  it('returns count variations, WebP at the input size, that keep the architecture', async () => {
    const odd = await sharp(room).resize(333, 250, { fit: 'fill' }).png().toBuffer();
    const result = await createLocalImageEngine().redesign(
      {
        prompt: 'p',
        brief: briefWith({ styleDescription: 'Scandinavian with sage green walls' }),
        room: png(odd),
        references: [],
        count: 3,
      },
      options,
    );
    expect(result.images).toHaveLength(3);
    for (const image of result.images) {
      expect(image.mimeType).toBe('image/webp');
      const meta = await sharp(image.data).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 333, 250]);
      expect(await scoreArchitectureFidelity(odd, image.data)).toBeGreaterThanOrEqual(FIDELITY_THRESHOLD);
    }
    // The variations differ.
    expect(new Set(result.images.map((i) => i.data.toString('base64'))).size).toBe(3);
  });

  it('moves the colours towards the asked palette colour', async () => {
    const result = await createLocalImageEngine().redesign(
      { prompt: 'p', brief: briefWith({ styleDescription: 'calm, with sage green' }), room: png(room), references: [], count: 1 },
      options,
    );
    const [output] = result.images;
    if (!output) throw new Error('no image');
    const before = await meanRgb(room);
    const after = await meanRgb(output.data);
    expect(greenness(after)).toBeGreaterThan(greenness(before) + 5);
    const sage = rgbToLab(hexToRgb('#9caf88'));
    expect(deltaE(rgbToLab(after), sage)).toBeLessThan(deltaE(rgbToLab(before), sage));
  });

  it('reads the palette from the StyleLens lens too, and warms or darkens by style words', async () => {
    const engine = createLocalImageEngine();
    const run = async (b: DesignBrief) => {
      const [image] = (await engine.redesign({ prompt: 'p', brief: b, room: png(room), references: [], count: 1 }, options)).images;
      if (!image) throw new Error('no image');
      return meanRgb(image.data);
    };
    const before = await meanRgb(room);
    const navy = await run(briefWith({ styleLens: 'Palette: #1f2e50 navy.' }));
    expect(navy[2] - navy[0]).toBeGreaterThan(before[2] - before[0]); // bluer
    const moody = await run(briefWith({ styleDescription: 'moody' }));
    const light = (c: Rgb) => 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2];
    expect(light(moody)).toBeLessThan(light(before) - 10);
    const cosy = await run(briefWith({ styleDescription: 'warm and cosy' }));
    expect(cosy[0] - cosy[2]).toBeGreaterThan(before[0] - before[2]);
  });

  it('takes a kitchen finish photo as the colour its surfaces move towards', async () => {
    const navyDoors = await sharp({ create: { width: 40, height: 40, channels: 3, background: { r: 31, g: 46, b: 80 } } })
      .png()
      .toBuffer();
    const result = await createLocalImageEngine().redesign(
      {
        prompt: 'p',
        brief: briefWith({ tool: 'kitchen-bathroom', items: [{ description: 'shaker doors', placement: '', category: 'Cabinetry' }] }),
        room: png(room),
        references: [png(navyDoors, 'finish', 0)],
        count: 1,
      },
      options,
    );
    const before = await meanRgb(room);
    const after = await meanRgb(result.images[0]?.data ?? room);
    expect(after[2] - after[0]).toBeGreaterThan(before[2] - before[0] + 10); // bluer
  });

  it('composites an item photo at the left without its white box, and still keeps the architecture', async () => {
    const item = await redItemOnWhite();
    const result = await createLocalImageEngine().redesign(
      {
        prompt: 'p',
        brief: briefWith({ items: [{ description: 'red armchair', placement: 'left' }] }),
        room: png(darkRoom),
        references: [{ role: 'item', itemIndex: 0, data: item, mimeType: 'image/jpeg' }],
        count: 1,
      },
      options,
    );
    const [output] = result.images;
    if (!output) throw new Error('no image');
    const { data, width, height } = await rawOf(output.data);
    let red = 0;
    let redX = 0;
    let white = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 3;
        const [r, g, b] = [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
        if (r > 150 && g < 80 && b < 80) {
          red++;
          redX += x;
        }
        const inLabel = x > width * 0.75 && y > height * 0.9;
        if (r > 235 && g > 235 && b > 235 && !inLabel) white++;
      }
    }
    expect(red).toBeGreaterThan(1500); // the chair is there, at a visible size
    expect(redX / red / width).toBeLessThan(0.35); // on the left
    expect(white).toBeLessThan(20); // and its white studio background is gone
    expect(await scoreArchitectureFidelity(darkRoom, output.data)).toBeGreaterThanOrEqual(FIDELITY_THRESHOLD);
  });

  it('marks its output as a local preview in the bottom-right corner', async () => {
    const [output] = (
      await createLocalImageEngine().redesign({ prompt: 'p', brief: briefWith(), room: png(darkRoom), references: [], count: 1 }, options)
    ).images;
    if (!output) throw new Error('no image');
    const { data, width, height } = await rawOf(output.data);
    let bright = 0;
    for (let y = Math.floor(height * 0.85); y < height; y++) {
      for (let x = Math.floor(width * 0.7); x < width; x++) {
        const i = (y * width + x) * 3;
        if ((data[i] ?? 0) > 225 && (data[i + 1] ?? 0) > 225 && (data[i + 2] ?? 0) > 225) bright++;
      }
    }
    expect(bright).toBeGreaterThan(50); // the white letters on the dark plate
  });

  it('gives a local- request id that depends on the inputs only, and records what it was asked', async () => {
    const calls: LocalEngineCall[] = [];
    const engine = createLocalImageEngine({ onCall: (call) => calls.push(call) });
    const input = {
      prompt: 'Redesign… STYLELENS "warm minimal"',
      brief: briefWith({ styleLens: 'warm minimal' }),
      room: png(room),
      references: [],
      count: 1,
    };
    const first = await engine.redesign(input, options);
    const again = await engine.redesign(input, { requestKey: 'another-key' });
    const other = await engine.redesign({ ...input, prompt: 'another prompt' }, options);
    expect(first.providerRequestId).toMatch(/^local-[0-9a-f]{32}$/);
    expect(again.providerRequestId).toBe(first.providerRequestId);
    expect(other.providerRequestId).not.toBe(first.providerRequestId);
    expect(calls.map((c) => c.kind)).toEqual(['redesign', 'redesign', 'redesign']);
    expect(calls[0]?.requestKey).toBe('job-1:design');
    const last = lastLocalEngineCall();
    expect(last?.kind === 'redesign' && last.input.prompt).toBe('another prompt');
    expect(calls[0]?.kind === 'redesign' && calls[0].input.prompt).toContain('STYLELENS "warm minimal"');
  });

  it('refuses an unreadable room photo with a non-retryable engine error, and stops when aborted', async () => {
    const engine = createLocalImageEngine();
    const bad = engine.redesign(
      { prompt: 'p', brief: briefWith(), room: png(Buffer.from('not an image')), references: [], count: 1 },
      options,
    );
    await expect(bad).rejects.toBeInstanceOf(EngineError);
    await expect(bad).rejects.toMatchObject({ retryable: false, message: 'The room photo could not be read.' });
    const aborted = engine.redesign(
      { prompt: 'p', brief: briefWith(), room: png(room), references: [], count: 1 },
      { requestKey: 'k', signal: AbortSignal.abort() },
    );
    await expect(aborted).rejects.toThrow();
  });
});

describe('local image engine: refine and fix', () => {
  it('a tweak moves the design towards the named colour; a transform moves it further', async () => {
    const engine = createLocalImageEngine();
    const refine = async (scope: RefineScope) => {
      const result = await engine.refine(
        { prompt: 'p', base: png(room, 'base'), room: png(room), tweakText: 'make the walls terracotta', scope, tweakImages: [] },
        options,
      );
      const [image] = result.images;
      if (!image) throw new Error('no image');
      const meta = await sharp(image.data).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 480, 360]);
      return image.data;
    };
    const terracotta = rgbToLab(hexToRgb('#c2643c'));
    const distance = async (image: Buffer) => deltaE(rgbToLab(await meanRgb(image)), terracotta);
    const tweak = await refine('tweak');
    const transform = await refine('transform');
    expect(await distance(tweak)).toBeLessThan(await distance(room));
    expect(await distance(transform)).toBeLessThan(await distance(tweak));
    expect(await scoreArchitectureFidelity(room, tweak)).toBeGreaterThanOrEqual(FIDELITY_THRESHOLD);
  });

  it('composites a tweak photo where the tweak says', async () => {
    const result = await createLocalImageEngine().refine(
      {
        prompt: 'p',
        base: png(darkRoom, 'base'),
        room: png(darkRoom),
        tweakText: 'add this chair on the right',
        scope: 'tweak',
        tweakImages: [{ role: 'tweak', data: await redItemOnWhite(), mimeType: 'image/jpeg' }],
      },
      options,
    );
    const { data, width } = await rawOf(result.images[0]?.data ?? Buffer.alloc(0));
    let red = 0;
    let redX = 0;
    for (let i = 0; i < data.length; i += 3) {
      if ((data[i] ?? 0) > 150 && (data[i + 1] ?? 0) < 80 && (data[i + 2] ?? 0) < 80) {
        red++;
        redX += (i / 3) % width;
      }
    }
    expect(red).toBeGreaterThan(500);
    expect(redX / red / width).toBeGreaterThan(0.6);
  });

  it('fixArchitecture brings a drifted design back above the fidelity threshold and keeps its colours', async () => {
    const drifted = await drawRoom({
      windowAt: 0.72,
      doorAt: 0.05,
      colours: { backWall: '#7a8aa0', sideWalls: '#6a7a90', floor: '#d0c8b8' },
    });
    expect(await scoreArchitectureFidelity(room, drifted)).toBeLessThan(FIDELITY_THRESHOLD);
    const result = await createLocalImageEngine().fixArchitecture(
      { prompt: 'fix', room: png(room), drifted: png(drifted, 'base') },
      options,
    );
    const [fixed] = result.images;
    if (!fixed) throw new Error('no image');
    const meta = await sharp(fixed.data).metadata();
    expect([meta.width, meta.height]).toEqual([480, 360]);
    expect(await scoreArchitectureFidelity(room, fixed.data)).toBeGreaterThanOrEqual(FIDELITY_THRESHOLD);
    const colour = rgbToLab(await meanRgb(fixed.data));
    expect(deltaE(colour, rgbToLab(await meanRgb(drifted)))).toBeLessThan(deltaE(colour, rgbToLab(await meanRgb(room))));
    expect(result.providerRequestId).toMatch(/^local-/);
  });
});
