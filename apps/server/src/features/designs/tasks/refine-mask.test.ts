import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@rv/contracts/messages';
import { designTasks, roomDesigns } from '../../../db/schema';
import { changedAreaCrops } from '../../../engines/mask/composite-in-mask';
import { maskedDifference } from '../../../engines/mask/mask-psnr';
import { createLocalVisionEngine } from '../../../engines/local/local-vision-engine';
import { sanitizeAnalysisHtml } from '../../../lib/sanitize-analysis-html';
import { readObject } from '../../../storage/read-object';
import { designResults } from '../../../../test/design-results';
import { signInNewUser } from '../../../../test/fixtures';
import { createTestApp, multipart, TEST_ORIGIN } from '../../../../test/test-app';
import { makeSeedPicture, seedDesign } from '../../../../test/seed-designs';

/** A mask PNG: white in the rectangle (fractions of the frame), black elsewhere. */
export async function rectangleMask(width: number, height: number, [l, t, r, b]: [number, number, number, number]) {
  const rect = `<rect x="${Math.round(l * width)}" y="${Math.round(t * height)}" width="${Math.round((r - l) * width)}" height="${Math.round((b - t) * height)}" fill="#fff"/>`;
  return sharp({ create: { width, height, channels: 3, background: '#000000' } })
    .composite([{ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${rect}</svg>`) }])
    .png()
    .toBuffer();
}

const vision = createLocalVisionEngine();

describe("'Change only here': a refinement with a painted area", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const db = () => ctx.app.services.database.db;
  /** A finished design written straight into the database and storage (the refinements then run on the local engine). */
  const seededDesign = async (userId: string) =>
    seedDesign(db(), ctx.app.services.storage, await makeSeedPicture({ width: 320, height: 240 }), { userId });
  const upload = (
    cookie: string,
    fields: Record<string, string>,
    files: { field: string; filename: string; data: Buffer; type?: string }[],
  ) => {
    const body = multipart(fields, files);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/room-design/refine/upload',
      headers: { ...body.headers, origin: TEST_ORIGIN, cookie },
      payload: body.payload,
    });
  };
  const refine = (cookie: string, designId: string, query: Record<string, string>) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/room-design/refine/${designId}?${new URLSearchParams({ tweak: 'tweak', iteration: '0', ...query }).toString()}`,
      headers: { origin: TEST_ORIGIN, cookie, 'sec-fetch-site': 'same-origin' },
    });
  const events = (body: string) => [...body.matchAll(/event: (\w+)\ndata: (.*)\n/g)].map((m) => ({ event: m[1], data: JSON.parse(m[2]!) }));

  it('refuses a mask of the wrong size, one that is not a PNG image, an empty one and one covering the whole image, each with its message', async () => {
    const owner = await signInNewUser(ctx.app, db());
    const designId = await seededDesign(owner.id);
    const [image] = (await designResults(db(), designId)).all;
    const { width, height } = image!;
    const sent = async (data: Buffer, filename = 'mask.png') => {
      const res = await upload(owner.cookie, { designId, active_url: `/api/files/${image!.key}` }, [{ field: 'mask', filename, data }]);
      return { status: res.statusCode, error: res.json<{ error: string }>().error };
    };

    expect(await sent(await rectangleMask(width + 10, height, [0.2, 0.2, 0.5, 0.5]))).toEqual({
      status: 400,
      error: messages.refineMask.wrongSize(width, height),
    });
    expect(await sent(Buffer.from('not an image at all'), 'mask.txt')).toEqual({ status: 415, error: messages.refineMask.notPng });
    const jpeg = await sharp(await rectangleMask(width, height, [0.2, 0.2, 0.5, 0.5]))
      .jpeg()
      .toBuffer();
    expect(await sent(jpeg, 'mask.jpg')).toEqual({ status: 415, error: messages.refineMask.notPng });
    const broken = Buffer.concat([(await rectangleMask(width, height, [0.2, 0.2, 0.5, 0.5])).subarray(0, 40)]);
    expect(await sent(broken)).toEqual({ status: 400, error: messages.refineMask.unreadable });
    expect(await sent(await rectangleMask(width, height, [0, 0, 0, 0]))).toEqual({ status: 400, error: messages.refineMask.empty });
    expect(await sent(await rectangleMask(width, height, [0, 0, 1, 1]))).toEqual({ status: 400, error: messages.refineMask.whole });
    const transparent = await sharp({ create: { width, height, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 0 } } })
      .png()
      .toBuffer();
    expect(await sent(transparent)).toEqual({ status: 400, error: messages.refineMask.empty });

    // The run-length form: malformed, wrong size, runs that do not add up.
    const rle = async (maskRle: string) => {
      const res = await upload(owner.cookie, { designId, maskRle }, []);
      return { status: res.statusCode, error: res.json<{ error: string }>().error };
    };
    expect(await rle('hello')).toEqual({ status: 400, error: messages.refineMask.unreadable });
    expect(await rle(`${width}x${height}:5,5`)).toEqual({ status: 400, error: messages.refineMask.unreadable });
    expect(await rle(`10x10:40,20,40`)).toEqual({ status: 400, error: messages.refineMask.wrongSize(width, height) });
    expect(await rle(`${width}x${height}:${width * height}`)).toEqual({ status: 400, error: messages.refineMask.empty });
    expect(await rle(`${width}x${height}:0,${width * height}`)).toEqual({ status: 400, error: messages.refineMask.whole });

    // Nothing refused was kept.
    const [design] = await db().select().from(roomDesigns).where(eq(roomDesigns.id, designId));
    expect(design!.pendingMaskKeys).toEqual([]);

    // A mask the stream names that is not this design's pending mask of that image.
    const other = await seededDesign(owner.id);
    const ok = await upload(owner.cookie, { designId: other }, [
      { field: 'mask', filename: 'm.png', data: await rectangleMask(width, height, [0.2, 0.2, 0.5, 0.5]) },
    ]);
    expect(ok.statusCode).toBe(200);
    const stray = await refine(owner.cookie, designId, { feedback: 'make the sofa blue', mask: ok.json().maskKey });
    expect(stray.statusCode).toBe(400);
    expect(stray.json().error).toBe(messages.refineMask.notThisImage);
    const generatedOfOther = (await designResults(db(), other)).all;
    const wrongImage = await refine(owner.cookie, other, {
      feedback: 'make the sofa blue',
      mask: ok.json().maskKey,
      active_url: `/api/files/${generatedOfOther[1]!.key}`,
    });
    expect(wrongImage.json().error).toBe(messages.refineMask.notThisImage);
    // Another user cannot send a mask for this design.
    const stranger = await signInNewUser(ctx.app, db());
    expect(
      (
        await upload(stranger.cookie, { designId }, [
          { field: 'mask', filename: 'm.png', data: await rectangleMask(width, height, [0.2, 0.2, 0.5, 0.5]) },
        ])
      ).statusCode,
    ).toBe(404);
  });

  it('a masked tweak changes the painted area only: the stored result equals its base outside it, keeps its mask, and counts as a refinement', async () => {
    const owner = await signInNewUser(ctx.app, db());
    const designId = await seededDesign(owner.id);
    const base = (await designResults(db(), designId)).all[1]!;
    const mask = await rectangleMask(base.width, base.height, [0.1, 0.45, 0.55, 0.9]);
    const uploaded = await upload(owner.cookie, { designId, active_url: `/api/files/${base.key}` }, [
      { field: 'mask', filename: 'mask.png', data: mask },
    ]);
    expect(uploaded.statusCode).toBe(200);
    const { maskKey } = uploaded.json<{ maskKey: string }>();
    // Four more at once: the design keeps the newest three of all five, and the files of the others are gone.
    const more = await Promise.all(
      Array.from({ length: 4 }, () =>
        upload(owner.cookie, { designId, active_url: `/api/files/${base.key}` }, [{ field: 'mask', filename: 'mask.png', data: mask }]),
      ),
    );
    const [kept] = await db().select().from(roomDesigns).where(eq(roomDesigns.id, designId));
    const allKeys = [maskKey, ...more.map((res) => res.json<{ maskKey: string }>().maskKey)];
    expect(kept!.pendingMaskKeys).toHaveLength(3);
    for (const key of allKeys) expect(Boolean(await readObject(ctx.app.services.storage, key))).toBe(kept!.pendingMaskKeys.includes(key));
    const latest = kept!.pendingMaskKeys.at(-1)!;
    // The first was pushed off the list: a stream naming it is refused.
    expect(kept!.pendingMaskKeys).not.toContain(maskKey);
    const gone = await refine(owner.cookie, designId, { feedback: 'make the sofa blue', mask: maskKey });
    expect([gone.statusCode, gone.json().error]).toEqual([400, messages.refineMask.notThisImage]);
    expect(maskKey).toMatch(new RegExp(`^designs/${designId}/mask-${base.id}-[0-9a-f]{12}\\.png$`));

    const stream = await refine(owner.cookie, designId, {
      feedback: 'make the sofa blue',
      active_url: `/api/files/${base.key}`,
      mask: latest,
    });
    expect(events(stream.body).at(-1)?.event, stream.body).toBe('complete');
    const [task] = await db().select().from(designTasks).where(eq(designTasks.designId, designId));
    expect(task!.input).toMatchObject({ baseKey: base.key, maskKey: latest });
    expect(task!.kind).toBe('refine');
    const [design] = await db().select().from(roomDesigns).where(eq(roomDesigns.id, designId));
    expect(design!.pendingMaskKeys).toEqual(kept!.pendingMaskKeys.slice(0, -1));

    const [refined] = (await designResults(db(), designId)).refined;
    expect(refined).toMatchObject({ maskKey: latest, width: base.width, height: base.height });
    expect(refined!.fidelity).toBeGreaterThan(0.6);
    const difference = await maskedDifference(
      (await readObject(ctx.app.services.storage, base.key))!,
      (await readObject(ctx.app.services.storage, refined!.key))!,
      mask,
    );
    expect(difference.psnrOutside).toBeGreaterThanOrEqual(45);
    expect(difference.meanDiffInside).toBeGreaterThan(4);

    const record = (await ctx.app.inject({ method: 'GET', url: `/api/room-design/${designId}`, headers: { cookie: owner.cookie } })).json();
    const shown = record.designImages.find((image: { id: string }) => image.id === refined!.id);
    expect(shown.maskUrl).toBe(`/api/files/${latest}`);
    expect((await ctx.app.inject({ method: 'GET', url: shown.maskUrl, headers: { cookie: owner.cookie } })).statusCode).toBe(200);
    // The credit count is untouched: refinements cost none.
    expect(record.refinedImageUrls).toHaveLength(1);
  });

  it("a masked refinement's analysis describes the painted area only: it is measured from that area before and after, and names it", async () => {
    const owner = await signInNewUser(ctx.app, db());
    const designId = await seededDesign(owner.id);
    const base = (await designResults(db(), designId)).all[0]!;
    const before = (await db().select().from(roomDesigns).where(eq(roomDesigns.id, designId)))[0]!;
    // The dark floor band of the seeded picture, and nothing of the light walls above it.
    const mask = await rectangleMask(base.width, base.height, [0.05, 0.75, 0.95, 0.97]);
    const uploaded = await upload(owner.cookie, { designId, active_url: `/api/files/${base.key}` }, [
      { field: 'mask', filename: 'mask.png', data: mask },
    ]);
    const { maskKey } = uploaded.json<{ maskKey: string }>();
    const stream = await refine(owner.cookie, designId, {
      feedback: 'make the floor blue',
      active_url: `/api/files/${base.key}`,
      mask: maskKey,
    });
    expect(events(stream.body).at(-1)?.event, stream.body).toBe('complete');

    const [refined] = (await designResults(db(), designId)).refined;
    const baseImage = (await readObject(ctx.app.services.storage, base.key))!;
    const refinedImage = (await readObject(ctx.app.services.storage, refined!.key))!;
    const record = (await ctx.app.inject({ method: 'GET', url: `/api/room-design/${designId}`, headers: { cookie: owner.cookie } })).json();
    const analysis: string = record.analysisText;
    expect(analysis).not.toBe(before.analysisHtml);
    expect(analysis).toContain('The area you changed');
    expect(analysis).toContain('make the floor blue');
    // Exactly what the engine measures from the painted area's crops, before and after...
    const crops = (await changedAreaCrops(baseImage, refinedImage, mask))!;
    expect(crops.share).toBeCloseTo(0.9 * 0.22, 2);
    const fromArea = await vision.analyzeDesign({
      original: crops.before,
      result: crops.after,
      brief: before.brief,
      changedArea: { share: crops.share, request: 'make the floor blue' },
    });
    // (the owner reads their request quoted first: ADR 057)
    expect(analysis).toBe((await sanitizeAnalysisHtml(fromArea.ownerHtml)) + (await sanitizeAnalysisHtml(fromArea.html)));
    // ...whose colours are not those of the whole picture (the walls outside the painted area).
    const colours = (html: string) => new Set([...html.matchAll(/<strong>(#[0-9a-f]{6})<\/strong>/g)].map((m) => m[1]));
    const whole = await vision.analyzeDesign({ original: baseImage, result: refinedImage, brief: before.brief });
    expect(colours(analysis).size).toBeGreaterThan(0);
    expect(colours(analysis)).not.toEqual(colours(whole.html));
  });

  it('the run-length form paints the same area as the PNG', async () => {
    const owner = await signInNewUser(ctx.app, db());
    const designId = await seededDesign(owner.id);
    const base = (await designResults(db(), designId)).all[0]!;
    const { width, height } = base;
    // Rows 100..139, columns 50..149 painted.
    const runs: number[] = [100 * width + 50];
    for (let row = 0; row < 40; row++) runs.push(100, width - 100);
    runs[runs.length - 1] = width * height - runs.slice(0, -1).reduce((sum, run) => sum + run, 0);
    const uploaded = await upload(owner.cookie, { designId, maskRle: `${width}x${height}:${runs.join(',')}` }, []);
    expect(uploaded.statusCode).toBe(200);
    const stored = (await readObject(ctx.app.services.storage, uploaded.json().maskKey))!;
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.width, meta.height, meta.channels]).toEqual(['png', width, height, 1]);
    const pixels = await sharp(stored).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    expect(pixels.data[100 * width + 50]).toBe(255);
    expect(pixels.data[139 * width + 149]).toBe(255);
    expect(pixels.data[100 * width + 49]).toBe(0);
    expect(pixels.data[140 * width + 50]).toBe(0);
    expect(pixels.data.reduce((sum, v) => sum + (v ? 1 : 0), 0)).toBe(4000);
  });
});
