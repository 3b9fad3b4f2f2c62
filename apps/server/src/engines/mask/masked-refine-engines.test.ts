import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFINE_MASK } from '@rv/contracts/constants';
import { makeSeedPicture, seedDesign } from '../../../test/seed-designs';
import { readObject } from '../../storage/read-object';
import { designResults } from '../../../test/design-results';
import { signInNewUser } from '../../../test/fixtures';
import { createTestApp, multipart, TEST_ORIGIN } from '../../../test/test-app';
import { startTestHttpServer, type RecordedRequest, type TestHttpServer } from '@rv/testing/test-http-server';
import { maskInstruction } from '../remote/label-images';
import { maskedDifference } from './mask-psnr';

/**
 * 'Change only here' with the real OpenAI and Gemini image engines, through the real app, against local
 * stand-ins for the services: the mask reaches each service in its documented form (OpenAI: `mask` on
 * images.edit, a PNG of Image 1's size, transparent where it may paint; Gemini: the last image, after
 * its label, with an instruction), and a stand-in that repaints the whole picture is composited back:
 * the stored result is the base's own outside the painted area.
 */

const PAINTED: [number, number, number, number] = [0.25, 0.5, 0.7, 0.95];
/** The painted area of the aspect tests: most of the picture, with the circle well inside. */
const PAINTED_WIDE: [number, number, number, number] = [0.2, 0.1, 0.8, 0.9];
/** The stand-ins' answer: the whole picture repainted magenta, at a size of the service's own. */
const repainted = () =>
  sharp({ create: { width: 1024, height: 768, channels: 3, background: '#e020c0' } })
    .png()
    .toBuffer();

async function rectangleMask(width: number, height: number, painted = PAINTED) {
  const [l, t, r, b] = painted;
  const rect = `<rect x="${Math.round(l * width)}" y="${Math.round(t * height)}" width="${Math.round((r - l) * width)}" height="${Math.round((b - t) * height)}" fill="#fff"/>`;
  return sharp({ create: { width, height, channels: 3, background: '#000000' } })
    .composite([{ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${rect}</svg>`) }])
    .png()
    .toBuffer();
}

/** The real app with one hosted image engine pointed at a local stand-in (made in beforeAll: an app takes a while to start). */
function withStandIn(env: Record<string, string>, baseUrl: (url: string) => string) {
  const state: { server?: TestHttpServer; ctx?: Awaited<ReturnType<typeof createTestApp>> } = {};
  beforeAll(async () => {
    state.server = await startTestHttpServer();
    state.ctx = await createTestApp(env, { remoteEngines: { baseUrl: baseUrl(state.server.url), timeoutMs: 5_000, retryBaseMs: 1 } });
  });
  afterAll(async () => {
    await state.ctx?.close();
    await state.server?.close();
  });
  return async (options?: RefineOptions) => refineWithMask(state.server!, state.ctx!, options);
}

/** The base's size (640x480 by default), and the stand-ins' answer (the whole picture repainted magenta by default). */
interface RefineOptions {
  size?: { width: number; height: number };
  answer?: Buffer;
  /** The painted rectangle (fractions of the base: left, top, right, bottom); PAINTED by default. */
  painted?: [number, number, number, number];
}

async function refineWithMask(server: TestHttpServer, ctx: Awaited<ReturnType<typeof createTestApp>>, options: RefineOptions = {}) {
  const answer = options.answer ?? (await repainted());
  // The stand-in serves every test of its describe: this run starts with none of another's answers or requests.
  server.reset();
  server.respond(...Array.from({ length: 5 }, () => (request: RecordedRequest) => respond(request, answer)));
  const db = ctx.app.services.database.db;
  const owner = await signInNewUser(ctx.app, db);
  const size = options.size ?? { width: 640, height: 480 };
  const designId = await seedDesign(db, ctx.app.services.storage, await makeSeedPicture(size), { userId: owner.id });
  const base = (await designResults(db, designId)).all[0]!;
  const mask = await rectangleMask(base.width, base.height, options.painted);
  const body = multipart({ designId, active_url: `/api/files/${base.key}` }, [{ field: 'mask', filename: 'mask.png', data: mask }]);
  const uploaded = await ctx.app.inject({
    method: 'POST',
    url: '/api/room-design/refine/upload',
    headers: { ...body.headers, origin: TEST_ORIGIN, cookie: owner.cookie },
    payload: body.payload,
  });
  expect(uploaded.statusCode).toBe(200);
  const query = new URLSearchParams({
    tweak: 'tweak',
    feedback: 'make the sofa blue',
    active_url: `/api/files/${base.key}`,
    mask: uploaded.json().maskKey,
  });
  const stream = await ctx.app.inject({
    method: 'GET',
    url: `/api/room-design/refine/${designId}?${query.toString()}`,
    headers: { origin: TEST_ORIGIN, cookie: owner.cookie, 'sec-fetch-site': 'same-origin' },
  });
  expect(stream.body).toContain('event: complete');
  const [refined] = (await designResults(db, designId)).refined;
  const storedBase = (await readObject(ctx.app.services.storage, base.key))!;
  const storedResult = (await readObject(ctx.app.services.storage, refined!.key))!;
  const storedMask = (await readObject(ctx.app.services.storage, uploaded.json().maskKey))!;
  return { base, storedBase, storedResult, storedMask, mask, refined: refined!, requests: server.requests };
}

describe("'Change only here' with OpenAI's image engine", () => {
  const runOpenAi = withStandIn({ IMAGE_ENGINE: 'openai', OPENAI_API_KEY: 'test-openai-key' }, (url) => `${url}/v1`);

  it("OpenAI: a 4:1 room answered at 16:9 is fitted by its aspect, not stretched: the circle drawn in the answer stays round, the pixels outside the brush are the base's own", async () => {
    const run = await runOpenAi({ size: { width: 1200, height: 300 }, answer: await circleAnswer(1344, 756, 0.15), painted: PAINTED_WIDE });
    await expectFittedByAspect(run);
  });

  it('OpenAI: the mask goes as `mask` on images.edit (Image 1’s size, alpha 0 where it may paint); a whole-picture repaint is composited back', async () => {
    const run = await runOpenAi();
    const edit = run.requests.find((request) => request.path === '/v1/images/edits')!;
    const files = edit.form?.files ?? [];
    const maskFile = files.find((file) => file.name === 'mask')!;
    expect([maskFile.filename, maskFile.contentType]).toEqual(['mask.png', 'image/png']);
    // Compared as bytes: a failing toEqual on two images would print a diff of their every byte.
    expect(files.filter((file) => file.name === 'image[]')[0]?.data.equals(run.storedBase)).toBe(true);
    const sent = await sharp(maskFile.data).raw().toBuffer({ resolveWithObject: true });
    expect([sent.info.width, sent.info.height, sent.info.channels]).toEqual([run.base.width, run.base.height, 4]);
    const alphaAt = (fx: number, fy: number) =>
      sent.data[(Math.round(fy * run.base.height) * run.base.width + Math.round(fx * run.base.width)) * 4 + 3];
    expect(alphaAt(0.47, 0.72)).toBe(0); // inside the painted area: the model may paint
    expect(alphaAt(0.1, 0.1)).toBe(255); // outside: kept
    expect(alphaAt(0.9, 0.9)).toBe(255);
    expect(edit.form?.fields.find((field) => field.name === 'prompt')?.value).toContain('Change only what lies inside the painted area');

    const difference = await maskedDifference(run.storedBase, run.storedResult, run.mask);
    expect(difference.psnrOutside).toBeGreaterThanOrEqual(45);
    expect(difference.meanDiffInside).toBeGreaterThan(30);
    expect(run.refined.maskKey).toBeTruthy();
  });
});

describe("'Change only here' with Gemini's image engine", () => {
  const runGemini = withStandIn({ IMAGE_ENGINE: 'gemini', GEMINI_API_KEY: 'test-gemini-key' }, (url) => url);

  it("Gemini: a 3:1 room answered at 21:9 is fitted by its aspect, not stretched: the circle drawn in the answer stays round, the pixels outside the brush are the base's own", async () => {
    const run = await runGemini({ size: { width: 1200, height: 400 }, answer: await circleAnswer(1568, 672, 0.25), painted: PAINTED_WIDE });
    await expectFittedByAspect(run);
  });

  it('Gemini: the mask goes as the last image after its label, with the instruction; a whole-picture repaint is composited back', async () => {
    const run = await runGemini();
    const generate = run.requests.find((request) => request.path.includes(':generateContent'))!;
    const parts = (generate.json as { contents: { parts: { text?: string; inlineData?: { mimeType: string; data: string } }[] }[] })
      .contents[0]!.parts;
    const labels = parts.filter((part) => part.text).map((part) => part.text!);
    const images = parts.filter((part) => part.inlineData);
    expect(labels.slice(0, 3)).toEqual([
      'Image 1: CURRENT DESIGN — the image to change',
      'Image 2: ROOM PHOTO — keep its architecture',
      'Image 3: MASK of Image 1 — white: the only area you may change; black: keep exactly as in Image 1',
    ]);
    expect(Buffer.from(images[0]!.inlineData!.data, 'base64').equals(run.storedBase)).toBe(true);
    expect(images.at(-1)?.inlineData?.mimeType).toBe('image/png');
    expect(Buffer.from(images.at(-1)!.inlineData!.data, 'base64').equals(run.storedMask)).toBe(true);
    expect(labels.at(-1)).toContain(maskInstruction(3));
    expect(labels.at(-1)).toContain('Change only what lies inside the painted area');

    const difference = await maskedDifference(run.storedBase, run.storedResult, run.mask);
    expect(difference.psnrOutside).toBeGreaterThanOrEqual(45);
    expect(difference.meanDiffInside).toBeGreaterThan(30);
    // The feathered edge lies inside the painted area: a pixel just outside it is the base's exactly.
    const [b, r] = await Promise.all([run.storedBase, run.storedResult].map((image) => sharp(image).removeAlpha().raw().toBuffer()));
    const x = Math.round(PAINTED[0] * run.base.width) - 1;
    const y = Math.round(0.7 * run.base.height);
    const at = (y * run.base.width + x) * 3;
    expect([r![at], r![at + 1], r![at + 2]]).toEqual([b![at], b![at + 1], b![at + 2]]);
    const deep = (y * run.base.width + x + 1 + REFINE_MASK.featherPx * 2) * 3;
    expect([r![deep], r![deep + 1], r![deep + 2]]).toEqual([0xe0, 0x20, 0xc0]);
  });
});

function respond(request: RecordedRequest, image: Buffer) {
  if (request.path === '/v1/images/edits')
    return {
      headers: { 'x-request-id': 'req_mask' },
      json: { created: 1_760_000_000, output_format: 'png', data: [{ b64_json: image.toString('base64') }] },
    };
  return {
    json: {
      responseId: 'mask-1',
      candidates: [
        {
          content: { role: 'model', parts: [{ inlineData: { mimeType: 'image/png', data: image.toString('base64') } }] },
          finishReason: 'STOP',
          index: 0,
        },
      ],
    },
  };
}

/** An answer of a model's own shape: a red circle (radius `share` of its height) centred on green. */
function circleAnswer(width: number, height: number, share: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#20a040"/><circle cx="${width / 2}" cy="${height / 2}" r="${share * height}" fill="#e02020"/></svg>`;
  return sharp(Buffer.from(svg)).removeAlpha().png().toBuffer();
}

/**
 * The stored result is the base's own, byte for byte, wherever the brush did not paint; inside the painted
 * area (away from its feathered edge) the answer's circle is as wide as it is high, within 5%.
 */
async function expectFittedByAspect(run: Awaited<ReturnType<typeof refineWithMask>>) {
  const { width, height } = run.base;
  const [base, result] = await Promise.all([run.storedBase, run.storedResult].map((image) => sharp(image).removeAlpha().raw().toBuffer()));
  const painted = await sharp(run.storedMask).extractChannel(0).raw().toBuffer();
  expect(painted.length).toBe(width * height);
  let outsideChanged = 0;
  for (let i = 0; i < width * height; i++)
    if (
      !painted[i] &&
      (result![i * 3] !== base![i * 3] || result![i * 3 + 1] !== base![i * 3 + 1] || result![i * 3 + 2] !== base![i * 3 + 2])
    )
      outsideChanged++;
  expect(outsideChanged).toBe(0);

  const inset = REFINE_MASK.featherPx * 2 + 1;
  const [pl, pt, pr, pb] = PAINTED_WIDE;
  const [l, t, r, b] = [pl * width + inset, pt * height + inset, pr * width - inset, pb * height - inset];
  const box = { left: width, right: -1, top: height, bottom: -1 };
  for (let y = Math.ceil(t); y < b; y++)
    for (let x = Math.ceil(l); x < r; x++) {
      const at = (y * width + x) * 3;
      if (result![at]! > 160 && result![at + 1]! < 90 && result![at + 2]! < 90) {
        box.left = Math.min(box.left, x);
        box.right = Math.max(box.right, x);
        box.top = Math.min(box.top, y);
        box.bottom = Math.max(box.bottom, y);
      }
    }
  const circle = { width: box.right - box.left + 1, height: box.bottom - box.top + 1 };
  expect(circle.height).toBeGreaterThan(height / 3);
  expect(circle.width / circle.height).toBeGreaterThan(0.95);
  expect(circle.width / circle.height).toBeLessThan(1.05);
}
