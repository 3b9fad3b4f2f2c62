import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { engineCheckAnswer, engineStatusAnswer } from '@rv/contracts/api/admin-engines';
import { messages } from '@rv/contracts/messages';
import { makeImage } from '../../../test/engine-fixtures';
import { modelListRoute, openAiListed } from '@rv/testing/model-list-answers';
import { startTestHttpServer, type RecordedRequest, type TestHttpServer } from '@rv/testing/test-http-server';
import { signInNewUser } from '../../../test/fixtures';
import { createTestApp, TEST_ORIGIN } from '../../../test/test-app';

/** A counting stand-in for OpenAI: its model list, one image edit, one structured text answer, for every request asked. */
function answerAll(server: TestHttpServer, image: Buffer) {
  const answer = (request: RecordedRequest) =>
    modelListRoute(request, { openai: [openAiListed('gpt-image-2'), openAiListed('gpt-5.4-mini')] }) ??
    (request.path.endsWith('/images/edits')
      ? { json: { created: 1, output_format: 'png', data: [{ b64_json: image.toString('base64') }] } }
      : request.path.endsWith('/chat/completions')
        ? {
            json: {
              id: 'chatcmpl-1',
              object: 'chat.completion',
              created: 1_760_000_000,
              model: 'gpt-5.4-mini',
              choices: [
                {
                  index: 0,
                  finish_reason: 'stop',
                  logprobs: null,
                  message: {
                    role: 'assistant',
                    content: JSON.stringify({ changes: ['change the sofa colour to green'], colours: ['#2e7d32'], materials: [] }),
                    refusal: null,
                  },
                },
              ],
            },
          }
        : { status: 500, json: { error: { message: 'the stand-in was not asked this' } } });
  server.respond(...Array.from({ length: 20 }, () => answer));
}

const calls = (server: TestHttpServer, path: string) => server.requests.filter((request) => request.path === path).length;

describe("POST /api/admin/engines/check (the Engines panel's real check)", () => {
  let server: TestHttpServer;
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    server = await startTestHttpServer();
    ctx = await createTestApp({
      IMAGE_ENGINE: 'openai',
      VISION_ENGINE: 'openai',
      OPENAI_API_KEY: 'test-openai-key',
      OPENAI_BASE_URL: `${server.url}/v1`,
      OPENAI_IMAGE_MODEL: 'gpt-image-2',
      OPENAI_TEXT_MODEL: 'gpt-5.4-mini',
    });
    answerAll(server, await makeImage(64, 48));
  });
  afterAll(async () => {
    await ctx.close();
    await server.close();
  });
  beforeEach(() => {
    server.requests.length = 0;
  });
  const db = () => ctx.app.services.database.db;
  const press = (cookie?: string, origin = TEST_ORIGIN) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/admin/engines/check',
      headers: { origin, ...(cookie ? { cookie } : {}), 'content-type': 'application/json' },
      payload: {},
    });

  it('makes exactly one image call and one text call after the model list, answers what each said, and the panel shows it', async () => {
    const admin = await signInNewUser(ctx.app, db(), { role: 'admin' });
    const res = await press(admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(calls(server, '/v1/images/edits')).toBe(1);
    expect(calls(server, '/v1/chat/completions')).toBe(1);
    expect(calls(server, '/v1/models')).toBe(1);
    const [image, vision] = engineCheckAnswer.parse(res.json()).engines;
    expect(image).toMatchObject({
      kind: 'image',
      engine: 'openai',
      model: 'gpt-image-2',
      check: { realCall: true, ok: true, imageSize: { width: 64, height: 48 }, said: null, suggestions: [], warnings: [] },
    });
    expect(vision).toMatchObject({ kind: 'vision', model: 'gpt-5.4-mini', check: { realCall: true, ok: true, imageSize: null } });

    const status = engineStatusAnswer.parse(
      (await ctx.app.inject({ method: 'GET', url: '/api/admin/engines', headers: { cookie: admin.cookie } })).json(),
    );
    expect(status.engines[0]?.modelCheck).toEqual(image?.check);
  });

  it('a second press while the check runs waits for the same check: still one paid call', async () => {
    const admin = await signInNewUser(ctx.app, db(), { role: 'admin' });
    const [first, second] = await Promise.all([press(admin.cookie), press(admin.cookie)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(calls(server, '/v1/images/edits')).toBe(1);
    expect(second.json()).toEqual(first.json());
  });

  it('is for admins only (403 for a subscriber, 401 without a session) and refuses a cross-site request, each without calling the service', async () => {
    const subscriber = await signInNewUser(ctx.app, db());
    const refused = await press(subscriber.cookie);
    expect(refused.statusCode).toBe(403);
    expect((await press()).statusCode).toBe(401);
    const admin = await signInNewUser(ctx.app, db(), { role: 'admin' });
    const crossSite = await press(admin.cookie, 'https://evil.example');
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toMatchObject({ error: messages.server.forbiddenOrigin });
    expect(server.requests).toHaveLength(0);
  });
});
