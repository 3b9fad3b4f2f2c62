import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designViewAnswer, type DesignView } from '@rv/contracts/api/design-view';
import { roomJpeg } from '@rv/testing/test-rooms';
import { roomDesigns, users } from '../../../db/schema';
import { makeItemPhoto, twoColourPhoto } from '../../../../test/images';
import { signInNewUser } from '../../../../test/fixtures';
import { createTestApp, multipart, TEST_ORIGIN } from '../../../../test/test-app';
import { webBuild } from '../../../../test/web-build-stand-in';

/** The owner's words in the brief, each with a word found nowhere else (the kind a person writes: "spare key under the mat at 12 Acacia Ave"). */
const BRIEF = {
  styleDescription: 'quokka mood, soft and calm',
  additionalSuggestions: 'away 1-14 Dec, spare key under the mat at 12 Acacia Ave',
  itemDescription: "Nana Philippa's walnut rocking chair",
  placement: 'beside the Wurlitzer jukebox',
  architecturalDetails: 'open the wall to the Zennor pantry',
};
/** What the owner asks of a painted area. */
const REQUEST = 'paint the Kittiwake mural here';
const BRIEF_WORDS = ['quokka', 'Acacia Ave', 'spare key', 'Philippa', 'Wurlitzer', 'Zennor'];

/** A mask PNG: white in the rectangle (fractions of the frame), black elsewhere. */
async function rectangleMask(width: number, height: number, [l, t, r, b]: [number, number, number, number]) {
  const rect = `<rect x="${Math.round(l * width)}" y="${Math.round(t * height)}" width="${Math.round((r - l) * width)}" height="${Math.round((b - t) * height)}" fill="#fff"/>`;
  return sharp({ create: { width, height, channels: 3, background: '#000000' } })
    .composite([{ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${rect}</svg>`) }])
    .png()
    .toBuffer();
}

/**
 * What the owner wrote stays the owner's (ADR 057): the analysis quotes their brief and a
 * refinement's request to them alone. A shared design made through the app (local engines) is read by a
 * visitor, another subscriber and an admin through every call its page makes and the page's HTML.
 */
describe("a shared design's analysis keeps the owner's words to the owner", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp({ WEB_DIST_DIR: webBuild() });
  });
  afterAll(() => ctx.close());

  const db = () => ctx.app.services.database.db;
  const get = (url: string, cookie = '') => ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const post = (url: string, cookie: string, fields: Record<string, string>, files: Parameters<typeof multipart>[1]) => {
    const body = multipart(fields, files);
    return ctx.app.inject({ method: 'POST', url, headers: { ...body.headers, origin: TEST_ORIGIN, cookie }, payload: body.payload });
  };

  /** A subscriber with a saved StyleLens (made from photos through the app): their cookie and the lens's text. */
  async function ownerWithStyleLens() {
    const owner = await signInNewUser(ctx.app, db());
    const photos = await Promise.all(
      ['#1f2a44', '#efe6d2', '#c0603a', '#9caf88', '#1f2a44'].map((main, i) => twoColourPhoto(main, i % 2 ? '#1f2a44' : '#efe6d2')),
    );
    const analyzed = await post(
      '/api/stylelens/analyze',
      owner.cookie,
      {},
      photos.map((data, i) => ({ field: 'styles', filename: `style-${i + 1}.png`, data })),
    );
    expect(analyzed.statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/stylelens/save', headers: { origin: TEST_ORIGIN, cookie: owner.cookie } }))
        .statusCode,
    ).toBe(200);
    const [row] = await db().select({ styleLens: users.styleLens }).from(users).where(eq(users.id, owner.id));
    return { ...owner, lens: row!.styleLens!.stylelens };
  }

  /** Every answer a viewer's results page gets: the page's HTML (with its page data), the view and the spec's record. */
  async function pageAnswers(designId: string, cookie: string) {
    const answers = await Promise.all([
      get(`/furnishing-decorating/design/${designId}`, cookie),
      get(`/api/designs/${designId}`, cookie),
      get(`/api/room-design/${designId}`, cookie),
    ]);
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    return { bodies: answers.map((answer) => answer.body), view: designViewAnswer.parse(answers[1]!.json()).design };
  }

  /** Every file the page shows (photo, images, thumbnails, painted areas): each must answer this viewer. */
  const filesOf = (view: DesignView) => [
    view.original.url,
    view.original.thumbnailUrl,
    ...view.images.flatMap((image) => [
      image.url,
      image.thumbnailUrl,
      ...(image.kind === 'refined' && image.maskUrl ? [image.maskUrl] : []),
    ]),
  ];

  /** Each of `words` found in `bodies` (HTML-escaped or JSON-escaped as the answers carry them). */
  const found = (bodies: string[], words: string[]) => words.filter((word) => bodies.some((body) => body.includes(word)));

  it('a visitor, another subscriber and an admin get the analysis without the brief or the request, from every call and the page; the owner gets both', async () => {
    const owner = await ownerWithStyleLens();
    const stranger = await signInNewUser(ctx.app, db());
    const admin = await signInNewUser(ctx.app, db(), { role: 'admin' });
    const lensWords = [owner.lens.slice(0, 60), 'StyleLens:'];

    const made = await post(
      '/api/room-design',
      owner.cookie,
      {
        styleDescription: BRIEF.styleDescription,
        additionalSuggestions: BRIEF.additionalSuggestions,
        architecturalChanges: 'yes',
        architecturalDetails: BRIEF.architecturalDetails,
        furnitureData: JSON.stringify([{ description: BRIEF.itemDescription, placement: BRIEF.placement }]),
      },
      [
        { field: 'roomPhoto', filename: 'room.jpg', data: await roomJpeg({ width: 480, height: 360 }) },
        { field: 'furniturePhotos', filename: 'chair.png', data: await makeItemPhoto() },
      ],
    );
    expect(made.statusCode).toBe(200);
    const { designId } = made.json<{ designId: string }>();
    const [design] = await db().select().from(roomDesigns).where(eq(roomDesigns.id, designId));
    expect(design!.brief.styleLens).toBe(owner.lens);
    const shared = await ctx.app.inject({
      method: 'PUT',
      url: `/api/designs/${designId}/public`,
      headers: { origin: TEST_ORIGIN, cookie: owner.cookie },
      payload: { isPublic: true },
    });
    expect(shared.statusCode).toBe(200);

    // The owner reads what they asked for in the analysis; the engine's own words are there too.
    const own = await pageAnswers(designId, owner.cookie);
    expect(own.view.analysisHtml).toContain('What you asked for');
    expect(found([own.view.analysisHtml!], [...BRIEF_WORDS, 'StyleLens:'])).toEqual([...BRIEF_WORDS, 'StyleLens:']);
    expect(own.view.analysisHtml).toContain('<h3>Palette</h3>');

    const visitorsSee = async (words: string[]) => {
      for (const cookie of ['', stranger.cookie, admin.cookie]) {
        const { bodies, view } = await pageAnswers(designId, cookie);
        expect(found(bodies, words)).toEqual([]);
        // The engine's own analysis of the images is still theirs to read.
        expect(view.analysisHtml).toContain('<h3>');
        // The page asks for no file this viewer may not read.
        for (const url of filesOf(view)) expect((await get(url, cookie)).statusCode, url).toBe(200);
      }
    };
    await visitorsSee([...BRIEF_WORDS, ...lensWords, 'What you asked for']);

    // A refinement of a painted area, in the owner's words: its analysis replaces the design's.
    const base = own.view.images[0]!;
    const uploaded = await post('/api/room-design/refine/upload', owner.cookie, { designId, active_url: base.url }, [
      { field: 'mask', filename: 'mask.png', data: await rectangleMask(base.width, base.height, [0.1, 0.5, 0.6, 0.9]) },
    ]);
    expect(uploaded.statusCode).toBe(200);
    const query = new URLSearchParams({
      tweak: 'tweak',
      iteration: '0',
      feedback: REQUEST,
      active_url: base.url,
      mask: uploaded.json().maskKey,
    });
    const stream = await ctx.app.inject({
      method: 'GET',
      url: `/api/room-design/refine/${designId}?${query.toString()}`,
      headers: { origin: TEST_ORIGIN, cookie: owner.cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(stream.body).toContain('event: complete');

    const refined = await pageAnswers(designId, owner.cookie);
    expect(refined.view.analysisHtml).toContain('The area you changed');
    expect(refined.view.analysisHtml).toContain(`You asked: <em>${REQUEST}</em>`);
    // The owner sees the painted area on the refined image.
    const painted = refined.view.images.find((image) => image.kind === 'refined');
    expect(painted?.kind === 'refined' && painted.maskUrl).toBeTruthy();

    await visitorsSee([...BRIEF_WORDS, ...lensWords, 'Kittiwake', 'You asked']);
  });
});
