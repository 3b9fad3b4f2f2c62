import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designViewAnswer } from '@rv/contracts/api/design-view';
import { messages } from '@rv/contracts/messages';
import { roomJpeg } from '@rv/testing/test-rooms';
import { makeItemPhoto } from '../../../../test/images';
import { signInNewUser } from '../../../../test/fixtures';
import { createTestApp, multipart, TEST_ORIGIN } from '../../../../test/test-app';
import { webBuild } from '../../../../test/web-build-stand-in';

/**
 * Issue 51: a design the local preview engine made says, on the result, what it did not do of the request
 * ("cannot add a bookshelf"), in the owner's words: to the owner, never to a visitor of the shared design (ADR 057).
 */
describe('what the local preview engine did not do, on the result', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp({ WEB_DIST_DIR: webBuild() });
  });
  afterAll(() => ctx.close());

  it('the owner reads "cannot add a bookshelf" on the design; a visitor of the shared design does not', async () => {
    const owner = await signInNewUser(ctx.app, ctx.app.services.database.db);
    const body = multipart(
      {
        styleDescription: 'calm',
        additionalSuggestions: 'a dark green armchair and a bookshelf',
        architecturalChanges: 'no',
        furnitureData: JSON.stringify([{ description: 'my armchair', placement: 'left' }]),
      },
      [
        { field: 'roomPhoto', filename: 'room.jpg', data: await roomJpeg({ width: 480, height: 360 }) },
        { field: 'furniturePhotos', filename: 'chair.png', data: await makeItemPhoto() },
      ],
    );
    const made = await ctx.app.inject({
      method: 'POST',
      url: '/api/room-design',
      headers: { ...body.headers, origin: TEST_ORIGIN, cookie: owner.cookie },
      payload: body.payload,
    });
    expect(made.statusCode).toBe(200);
    const { designId } = made.json<{ designId: string }>();
    const note = messages.localEngine.cannotAdd('bookshelf');

    const own = designViewAnswer.parse(
      (await ctx.app.inject({ method: 'GET', url: `/api/designs/${designId}`, headers: { cookie: owner.cookie } })).json(),
    );
    expect(own.design.status).toBe('done');
    expect(own.design.engineNotes).toEqual([note]);

    const shared = await ctx.app.inject({
      method: 'PUT',
      url: `/api/designs/${designId}/public`,
      headers: { origin: TEST_ORIGIN, cookie: owner.cookie },
      payload: { isPublic: true },
    });
    expect(shared.statusCode).toBe(200);
    const visitor = await ctx.app.inject({ method: 'GET', url: `/api/designs/${designId}` });
    expect(designViewAnswer.parse(visitor.json()).design.engineNotes).toEqual([]);
    const page = await ctx.app.inject({ method: 'GET', url: `/furnishing-decorating/design/${designId}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('bookshelf');
  });
});
