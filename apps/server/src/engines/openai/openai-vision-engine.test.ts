import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { EngineError } from '../image-engine';
import { checkedRecordedItems, makeImage, ownersTexts, recordedItemsAnswer, testBrief, wordyBrief } from '../../../test/engine-fixtures';
import { askedForHtml } from '../owners-words';
import { expectStyleIncompleteAfterTwoRequests, listItemsOfTestImage, styleOfOnePhoto } from '../../../test/remote-engine-steps';
import { startTestHttpServer, type RecordedRequest, type TestHttpServer } from '@rv/testing/test-http-server';
import { createOpenAiVisionEngine } from './openai-vision-engine';

let server: TestHttpServer;
beforeEach(async () => {
  server = await startTestHttpServer();
});
afterEach(() => server.close());

const engine = () => createOpenAiVisionEngine({ apiKey: 'test-openai-key', baseUrl: `${server.url}/v1`, retryBaseMs: 1, timeoutMs: 5_000 });

/** A chat completion as OpenAI gives it. */
const completion = (content: string | null, refusal: string | null = null) => ({
  json: {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 1_760_000_000,
    model: 'gpt-5.4-mini-2026-03-17',
    choices: [{ index: 0, finish_reason: 'stop', logprobs: null, message: { role: 'assistant', content, refusal } }],
  },
});

const summary = {
  essence: 'Calm Japandi with warm woods.',
  palette: ['#d9cbb5 warm sand', '#2f3e46 deep slate'],
  materials: ['oak (light)', 'linen'],
  forms: ['low profiles'],
  note: 'Keep surfaces clear.',
};
const styleAnswer = { lens: 'Warm minimal Japandi.', summary };

interface SentBody {
  model: string;
  messages: { role: string; content: { type: string; text?: string; image_url?: { url: string } }[] }[];
  response_format: { type: string; json_schema: { name: string; strict: boolean; schema: { required: string[] } } };
}
const bodyOf = (request: RecordedRequest | undefined) => request?.json as SentBody;

describe('createOpenAiVisionEngine', () => {
  test('analyzeStyle: chat completions with the photos as data URLs and a strict json_schema; the checked summary back', async () => {
    server.respond(completion(JSON.stringify(styleAnswer)));
    const photos = [await makeImage(20, 20, 'jpeg'), await makeImage(20, 20, 'webp')];
    expect(await engine().analyzeStyle({ photos })).toEqual(styleAnswer);

    const [request] = server.requests;
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.headers.authorization).toBe('Bearer test-openai-key');
    const body = bodyOf(request);
    expect(body.model).toBe('gpt-6.1-terra'); // the default (ADR 021, re-chosen 2026-11-26)
    expect(body.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'style_lens', strict: true, schema: { required: ['lens', 'summary'] } },
    });
    expect(JSON.stringify(body.response_format)).not.toMatch(/pattern|minLength|\$schema/);
    const content = body.messages[0]?.content ?? [];
    expect(content.map((part) => part.text ?? part.image_url?.url.slice(0, 23))).toEqual([
      'Image 1: INSPIRATION 1',
      'data:image/jpeg;base64,',
      'Image 2: INSPIRATION 2',
      'data:image/webp;base64,',
      expect.stringContaining('These 2 photos'),
    ]);
    expect(content[1]?.image_url?.url).toBe(`data:image/jpeg;base64,${photos[0]?.toString('base64')}`);
  });

  test('a malformed answer twice: a clear EngineError after two requests only', async () => {
    server.respond(completion('{"lens": "x"'), completion('{"lens": "x"}'), completion(JSON.stringify(styleAnswer)));
    await expectStyleIncompleteAfterTwoRequests(server, engine());
  });

  test('a malformed answer once, then a valid one', async () => {
    server.respond(completion(null), completion(JSON.stringify(styleAnswer)));
    expect(await styleOfOnePhoto(engine())).toEqual(styleAnswer);
  });

  test("the model's refusal is a refusal, not retried", async () => {
    server.respond(completion(null, "I'm sorry, I can't help with that."));
    const error = await styleOfOnePhoto(engine()).catch((e: unknown) => e);
    expect(error).toMatchObject({
      message: 'The analysis service refused the request. Please try different photos or words.',
      detail: "I'm sorry, I can't help with that.",
      retryable: false,
    });
    expect(server.requests).toHaveLength(1);
  });

  test('analyzeDesign returns the html; interpretTweak the changes', async () => {
    server.respond(
      completion(JSON.stringify({ html: '<p>Calm.</p>' })),
      completion(JSON.stringify({ changes: ['green sofa'], colours: ['#2e7d32'], materials: ['velvet'] })),
    );
    const original = await makeImage(30, 20, 'webp');
    expect(await engine().analyzeDesign({ original, result: await makeImage(30, 20), brief: wordyBrief })).toEqual({
      html: '<p>Calm.</p>',
      ownerHtml: askedForHtml(wordyBrief),
    });
    const prompt = bodyOf(server.requests[0]).messages[0]?.content.at(-1)?.text ?? '';
    for (const text of ownersTexts(wordyBrief)) expect(prompt).not.toContain(text);
    expect(await engine().interpretTweak({ text: 'green velvet sofa', scope: 'transform' })).toEqual({
      changes: ['green sofa'],
      colours: ['#2e7d32'],
      materials: ['velvet'],
    });
    expect(bodyOf(server.requests[0]).messages[0]?.content.map((part) => part.type)).toEqual([
      'text',
      'image_url',
      'text',
      'image_url',
      'text',
    ]);
    expect(bodyOf(server.requests[1]).response_format.json_schema.name).toBe('tweak_interpretation');
  });

  test("a masked refinement's analysis: the painted area before and after, named as such, and told to describe that area only", async () => {
    server.respond(completion(JSON.stringify({ html: '<p>The floor is blue now.</p>' })));
    const before = await makeImage(30, 10, 'webp');
    const after = await makeImage(30, 10, 'webp');
    const answer = await engine().analyzeDesign({
      original: before,
      result: after,
      brief: testBrief,
      changedArea: { share: 0.2, request: 'make the floor blue' },
    });
    // The request is the owner's words: quoted to them apart, never given to the model (ADR 057).
    expect(answer).toEqual({ html: '<p>The floor is blue now.</p>', ownerHtml: '<p>You asked: <em>make the floor blue</em></p>' });
    const content = bodyOf(server.requests[0]).messages[0]?.content ?? [];
    expect(content.map((part) => part.text ?? part.image_url?.url)).toEqual([
      'Image 1: THE PAINTED AREA BEFORE THE CHANGE',
      `data:image/webp;base64,${before.toString('base64')}`,
      'Image 2: THE PAINTED AREA AFTER THE CHANGE',
      `data:image/webp;base64,${after.toString('base64')}`,
      expect.stringContaining('about 20% of the picture) and asked to change only that area.'),
    ]);
    expect(content.at(-1)?.text).toContain('Do not describe the rest of the room.');
    expect(content.at(-1)?.text).not.toContain('original room photo');
    expect(content.at(-1)?.text).not.toContain('make the floor blue');
  });

  test('a colour that is not a hex value fails the tweak schema', async () => {
    const wrong = completion(JSON.stringify({ changes: [], colours: ['green'], materials: [] }));
    server.respond(wrong, wrong);
    const error = await engine()
      .interpretTweak({ text: 'green', scope: 'tweak' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ message: 'The tweak could not be understood. Please try again.' });
  });

  test('a 429 then a valid answer is retried and succeeds', async () => {
    server.respond(
      { status: 429, json: { error: { message: 'Rate limit', type: 'tokens' } } },
      completion(JSON.stringify({ html: '<p>ok</p>' })),
    );
    expect(await engine().analyzeDesign({ original: await makeImage(8, 8), result: await makeImage(8, 8), brief: testBrief })).toEqual({
      html: '<p>ok</p>',
      ownerHtml: askedForHtml(testBrief),
    });
    expect(server.requests).toHaveLength(2);
  });
});

describe('createOpenAiVisionEngine: listItems', () => {
  test('sends the result image and the brief with the item schema; unknown categories, unknown types and empty names are dropped', async () => {
    server.respond(completion(JSON.stringify(recordedItemsAnswer)));
    const items = await listItemsOfTestImage(engine());
    expect(items).toEqual(checkedRecordedItems);
    const body = bodyOf(server.requests[0]);
    expect(body.response_format.json_schema.name).toBe('shoppable_items');
    expect(body.messages[0]?.content.map((part) => part.type)).toEqual(['text', 'image_url', 'text']);
    expect(body.messages[0]?.content[2]?.text).toContain('green velvet sofa');
  });

  test('an empty list is no items', async () => {
    server.respond(completion(JSON.stringify({ items: [] })));
    expect(await listItemsOfTestImage(engine())).toEqual([]);
  });

  test('a malformed answer, twice, is an EngineError (the design goes on without items)', async () => {
    server.respond(completion('Sure! Here are the items: sofa, rug'), completion('{"items": "sofa"}'));
    const error = await listItemsOfTestImage(engine()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect(error).toMatchObject({ message: 'The items of the design could not be listed.', retryable: false });
    expect(server.requests).toHaveLength(2);
  });
});
