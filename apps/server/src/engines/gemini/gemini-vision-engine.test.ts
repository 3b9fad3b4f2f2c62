import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { EngineError } from '../image-engine';
import { checkedRecordedItems, makeImage, ownersTexts, recordedItemsAnswer, wordyBrief } from '../../../test/engine-fixtures';
import { askedForHtml } from '../owners-words';
import { expectStyleIncompleteAfterTwoRequests, listItemsOfTestImage, styleOfOnePhoto } from '../../../test/remote-engine-steps';
import { startTestHttpServer, type RecordedRequest, type TestHttpServer } from '@rv/testing/test-http-server';
import { createGeminiVisionEngine } from './gemini-vision-engine';

let server: TestHttpServer;
beforeEach(async () => {
  server = await startTestHttpServer();
});
afterEach(() => server.close());

const engine = () => createGeminiVisionEngine({ apiKey: 'test-gemini-key', baseUrl: server.url, retryBaseMs: 1, timeoutMs: 5_000 });

/** A structured-output answer as Gemini gives it: the JSON as the text of the first candidate. */
const textAnswer = (text: string) => ({
  json: { responseId: 'v-1', candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP' }] },
});

const summary = {
  essence: 'Calm Japandi with warm woods.',
  palette: ['#d9cbb5 warm sand', '#2f3e46 deep slate'],
  materials: ['oak (light)', 'linen'],
  forms: ['low profiles', 'rounded edges'],
  note: 'Keep surfaces clear.',
};
const styleAnswer = { lens: 'Warm minimal Japandi: light oak, linen, sand and slate.', summary };

interface SentBody {
  contents: { parts: { text?: string; inlineData?: { mimeType: string; data: string } }[] }[];
  generationConfig: { responseMimeType?: string; responseJsonSchema?: Record<string, unknown> };
}
const bodyOf = (request: RecordedRequest | undefined) => request?.json as SentBody;

describe('createGeminiVisionEngine', () => {
  test('analyzeStyle sends every photo, labelled, with a JSON schema, and returns the checked summary', async () => {
    server.respond(textAnswer(JSON.stringify(styleAnswer)));
    const photos = await Promise.all([1, 2, 3, 4, 5].map((n) => makeImage(20, 10 + n, n % 2 ? 'jpeg' : 'webp')));
    const result = await engine().analyzeStyle({ photos });

    expect(result).toEqual(styleAnswer);
    const [request] = server.requests;
    expect(request?.path).toBe('/v1beta/models/gemini-3.8-flash:generateContent');
    expect(request?.headers['x-goog-api-key']).toBe('test-gemini-key');
    const body = bodyOf(request);
    const parts = body.contents[0]?.parts ?? [];
    expect(parts.filter((part) => part.inlineData).map((part) => part.inlineData?.data)).toEqual(
      photos.map((photo) => photo.toString('base64')),
    );
    expect(parts.filter((part) => part.inlineData).map((part) => part.inlineData?.mimeType)).toEqual([
      'image/jpeg',
      'image/webp',
      'image/jpeg',
      'image/webp',
      'image/jpeg',
    ]);
    expect(parts[0]?.text).toBe('Image 1: INSPIRATION 1');
    expect(parts.at(-1)?.text).toContain('"#d9cbb5 warm sand"');
    expect(body.generationConfig.responseMimeType).toBe('application/json');
    const schema = body.generationConfig.responseJsonSchema as { required: string[]; properties: { summary: { required: string[] } } };
    expect(schema.required).toEqual(['lens', 'summary']);
    expect(schema.properties.summary.required).toEqual(['essence', 'palette', 'materials', 'forms', 'note']);
    expect(JSON.stringify(schema)).not.toContain('pattern');
  });

  test('a malformed answer once is asked again, and the second answer is used', async () => {
    server.respond(textAnswer('{"lens": "Warm minimal", "summ'), textAnswer(JSON.stringify(styleAnswer)));
    expect(await styleOfOnePhoto(engine())).toEqual(styleAnswer);
    expect(server.requests).toHaveLength(2);
  });

  test('bad JSON twice: a clear EngineError, after two requests only', async () => {
    server.respond(textAnswer('not json'), textAnswer('still not json'), textAnswer(JSON.stringify(styleAnswer)));
    await expectStyleIncompleteAfterTwoRequests(server, engine());
  });

  test('JSON that fails the summary schema (a three-word colour name) is malformed too', async () => {
    const wrong = { ...styleAnswer, summary: { ...summary, palette: ['#d9cbb5 very warm sand'] } };
    server.respond(textAnswer(JSON.stringify(wrong)), textAnswer(JSON.stringify(wrong)));
    const error = await styleOfOnePhoto(engine()).catch((e: unknown) => e);
    expect(error).toMatchObject({ message: 'The style analysis came back incomplete. Please try again.' });
  });

  test("analyzeDesign sends the original then the result, none of the owner's words, and returns the html; what was asked for apart", async () => {
    server.respond(textAnswer(JSON.stringify({ html: '<h3>Style</h3><p>Calm.</p>' })));
    const original = await makeImage(30, 20, 'webp');
    const result = await makeImage(30, 20, 'png');
    expect(await engine().analyzeDesign({ original, result, brief: wordyBrief })).toEqual({
      html: '<h3>Style</h3><p>Calm.</p>',
      ownerHtml: askedForHtml(wordyBrief),
    });
    const parts = bodyOf(server.requests[0]).contents[0]?.parts ?? [];
    expect(parts.map((part) => part.text ?? part.inlineData?.mimeType).slice(0, 4)).toEqual([
      'Image 1: ORIGINAL ROOM PHOTO',
      'image/webp',
      'Image 2: REDESIGNED RESULT',
      'image/png',
    ]);
    // The model's words are shown to anyone the design is shared with: it is given nothing of the owner's to quote.
    for (const text of ownersTexts(wordyBrief)) expect(parts[4]?.text).not.toContain(text);
    expect(parts[4]?.text).toContain('Write a short design analysis');
  });

  test('interpretTweak returns the changes, colours and materials', async () => {
    const answer = { changes: ['change the sofa colour to green'], colours: ['#2e7d32'], materials: [] };
    server.respond(textAnswer(JSON.stringify(answer)));
    expect(await engine().interpretTweak({ text: 'make the sofa green', scope: 'tweak' })).toEqual(answer);
    expect(bodyOf(server.requests[0]).contents[0]?.parts[0]?.text).toContain('make the sofa green');
  });

  test('a 503 is retried with the analysis service wording when it persists', async () => {
    server.respond(
      ...Array.from({ length: 3 }, () => ({ status: 503, json: { error: { code: 503, message: 'The model is overloaded.' } } })),
    );
    const error = await engine()
      .interpretTweak({ text: 'x', scope: 'tweak' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ message: 'The analysis service is busy. Please try again in a minute.', status: 503 });
    expect(server.requests).toHaveLength(3);
  });
});

describe('createGeminiVisionEngine: every finish reason that blocks', () => {
  test.each([
    'SAFETY',
    'PROHIBITED_CONTENT',
    'BLOCKLIST',
    'SPII',
    'RECITATION',
    'IMAGE_SAFETY',
    'IMAGE_PROHIBITED_CONTENT',
    'IMAGE_RECITATION',
  ])('finishReason %s: the safety message after one request (no second paid call, not "incomplete")', async (finishReason) => {
    server.respond({
      json: {
        responseId: 'v-blocked',
        candidates: [{ content: { role: 'model', parts: [] }, finishReason }],
      },
    });
    const error = await engine()
      .interpretTweak({ text: 'make the sofa green', scope: 'tweak' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect(error).toMatchObject({
      message: 'The analysis service declined this request for safety reasons. Please try a different photo or description.',
      detail: `blocked (${finishReason})`,
      retryable: false,
    });
    expect(server.requests).toHaveLength(1);
  });

  test('MAX_TOKENS with cut-off JSON is not a block: asked again once', async () => {
    server.respond(
      { json: { candidates: [{ content: { role: 'model', parts: [{ text: '{"changes": [' }] }, finishReason: 'MAX_TOKENS' }] } },
      textAnswer(JSON.stringify({ changes: ['change the sofa colour to green'], colours: ['#2e7d32'], materials: [] })),
    );
    await engine().interpretTweak({ text: 'make the sofa green', scope: 'tweak' });
    expect(server.requests).toHaveLength(2);
  });
});

describe('createGeminiVisionEngine: listItems', () => {
  test('sends the result image and the brief with the item schema; unknown categories, unknown types and empty names are dropped', async () => {
    server.respond(textAnswer(JSON.stringify(recordedItemsAnswer)));
    const items = await listItemsOfTestImage(engine());
    expect(items).toEqual(checkedRecordedItems);
    const sent = server.requests[0]?.json as { contents: { parts: { text?: string; inlineData?: unknown }[] }[] };
    expect(sent.contents[0]?.parts.map((part) => (part.inlineData ? 'image' : 'text'))).toEqual(['text', 'image', 'text']);
    expect(sent.contents[0]?.parts[2]?.text).toContain('green velvet sofa');
  });

  test('an empty list is no items', async () => {
    server.respond(textAnswer(JSON.stringify({ items: [] })));
    expect(await listItemsOfTestImage(engine())).toEqual([]);
  });

  test('a malformed answer, twice, is an EngineError (the design goes on without items)', async () => {
    server.respond(textAnswer('not json'), textAnswer('{"items": [{"name": 3}]}'));
    const error = await listItemsOfTestImage(engine()).catch((e: unknown) => e);
    expect(error).toMatchObject({ message: 'The items of the design could not be listed.', retryable: false });
    expect(server.requests).toHaveLength(2);
  });
});
