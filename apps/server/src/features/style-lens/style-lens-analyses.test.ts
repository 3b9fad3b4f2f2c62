import { existsSync, readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { styleLensAnalyzeAnswer } from '@rv/contracts/api/style-lens';
import { messages } from '@rv/contracts/messages';
import { signInNewUser, type createUser } from '../../../test/fixtures';
import { twoColourPhoto } from '../../../test/images';
import { followStream } from '../../../test/read-timeout-proxy';
import { createTestApp, multipart, TEST_ORIGIN } from '../../../test/test-app';

const COLOURS = ['#1f2e50', '#eee0c2', '#c2643c', '#9caf88', '#1f2e50', '#c2643c', '#eee0c2', '#9caf88', '#1f2e50', '#c2643c', '#eee0c2'];

/**
 * Our web app's StyleLens (ADR 066): POST /api/stylelens/analyses answers its task at once, and
 * GET /api/stylelens/analyses/{taskId}/events follows the `style-lens` job to the lens it made, or to the
 * words of its failure. Only the analysis's owner may follow it.
 */
describe('StyleLens: POST /api/stylelens/analyses and its events', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let base: string;
  let photos: Buffer[];
  beforeAll(async () => {
    ctx = await createTestApp();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    photos = await Promise.all(COLOURS.map((colour) => twoColourPhoto(colour, '#eee0c2')));
  });
  afterAll(() => ctx.close());

  const signIn = (options: Parameters<typeof createUser>[1] = {}) => signInNewUser(ctx.app, ctx.app.services.database.db, options);
  const start = (cookie: string, count: number) => {
    const body = multipart(
      {},
      photos.slice(0, count).map((data, i) => ({ field: 'styles', filename: `style-${i + 1}.png`, data })),
    );
    return ctx.app.inject({
      method: 'POST',
      url: '/api/stylelens/analyses',
      headers: { ...body.headers, origin: TEST_ORIGIN, cookie },
      payload: body.payload,
    });
  };
  const follow = (cookie: string, taskId: string) =>
    followStream(`${base}/api/stylelens/analyses/${taskId}/events`, { cookie }, ['complete', 'error']);
  const storedStylePhotos = (userId: string) => {
    const dir = path.join(ctx.config.DATA_DIR, 'files', 'style-lens', userId);
    return existsSync(dir) ? readdirSync(dir).filter((file) => file.endsWith('.webp')) : [];
  };
  const profile = async (cookie: string) => (await ctx.app.inject({ method: 'GET', url: '/api/user-profile', headers: { cookie } })).json();

  it('answers its task at once; the stream tells each step, then the lens, which is the profile’s (unsaved); 5 and 10 photos', async () => {
    const { id, cookie } = await signIn();
    for (const count of [5, 10]) {
      const started = await start(cookie, count);
      expect(started.statusCode).toBe(201);
      const { taskId } = started.json() as { taskId: string };
      const { events } = await follow(cookie, taskId);
      expect(events[0]).toEqual({ event: 'start', data: { taskId } });
      const statuses = events.filter((e) => e.event === 'status').map((e) => (e.data as { message: string }).message);
      for (const status of statuses)
        expect(status).toMatch(new RegExp(`^(Queued|Reading photo \\d+ of ${count}|Finding your style in ${count} photos|Saving your StyleLens)$`));
      const end = events.at(-1)!;
      expect(end.event).toBe('complete');
      const made = styleLensAnalyzeAnswer.parse(end.data);
      expect(made.stylePhotosStorageUrls).toHaveLength(count);
      expect(made.summary.note).toContain(`Read from ${count} photos`);
      const me = await profile(cookie);
      expect(me.styleLens).toEqual({ stylelens: made.lens, human_summary: made.summary, styleurls: made.stylePhotosStorageUrls });
      expect(me.styleSaveStatus).toBe(false);
      // The previous lens's photos went with it.
      expect(storedStylePhotos(id)).toHaveLength(count);
    }
  });

  it('asks for a session and tool access; 4 photos and 11 are refused with the spec’s words, and nothing is stored', async () => {
    expect((await start('', 5)).statusCode).toBe(401);
    const lapsed = await signIn({ subscriptionStatus: 'canceled' });
    expect((await start(lapsed.cookie, 5)).statusCode).toBe(403);

    const { id, cookie } = await signIn();
    const four = await start(cookie, 4);
    expect(four.statusCode).toBe(400);
    expect(four.json().error).toBe(messages.styleLens.tooFewPhotos);
    const eleven = await start(cookie, 11);
    expect(eleven.statusCode).toBe(400);
    expect(eleven.json().error).toBe(messages.styleLens.tooManyPhotos);
    expect(storedStylePhotos(id)).toEqual([]);
  });

  it('attack: another account cannot follow an analysis (404, no event of it), nor can a visitor (401)', async () => {
    const owner = await signIn();
    const { taskId } = (await start(owner.cookie, 5)).json() as { taskId: string };
    const stranger = await signIn();
    const theirs = await fetch(`${base}/api/stylelens/analyses/${taskId}/events`, { headers: { cookie: stranger.cookie } });
    expect(theirs.status).toBe(404);
    const answer = await theirs.text();
    expect(answer).not.toContain(taskId);
    expect(answer).not.toContain('event:');
    expect((await fetch(`${base}/api/stylelens/analyses/${taskId}/events`)).status).toBe(401);
    expect((await fetch(`${base}/api/stylelens/analyses/no-such-task/events`, { headers: { cookie: owner.cookie } })).status).toBe(404);
    // The owner still follows it to its end, and the stranger's profile has no lens.
    expect((await follow(owner.cookie, taskId)).events.at(-1)?.event).toBe('complete');
    expect((await profile(stranger.cookie)).styleLens).toBeNull();
  });

  it('an analysis that fails tells the spec’s words; its photos are deleted and the previous lens stays', async () => {
    const { id, cookie } = await signIn();
    const first = (await start(cookie, 5)).json() as { taskId: string };
    const before = styleLensAnalyzeAnswer.parse((await follow(cookie, first.taskId)).events.at(-1)?.data);

    const engines = ctx.app.services;
    const local = engines.visionEngine;
    // A provider's answer without its lens: held to the port's contract, it fails for good.
    engines.visionEngine = { ...local, analyzeStyle: async () => ({ lens: ' ', summary: before.summary }) };
    try {
      const { taskId } = (await start(cookie, 6)).json() as { taskId: string };
      const end = (await follow(cookie, taskId)).events.at(-1);
      expect(end).toEqual({ event: 'error', data: { details: messages.styleLens.analysisIncomplete } });
    } finally {
      engines.visionEngine = local;
    }
    const me = await profile(cookie);
    expect(me.styleLens.stylelens).toBe(before.lens);
    expect(me.styleLens.styleurls).toEqual(before.stylePhotosStorageUrls);
    expect(storedStylePhotos(id)).toHaveLength(5);
  });
});
