import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { BriefLook } from '../../domain/design-brief';
import { buildDesignPrompt } from '../../prompts/build-design-prompt';
import { makeImage, makeRedesignInput } from '../../../test/engine-fixtures';
import { startTestHttpServer, type RecordedRequest, type TestHttpServer } from '@rv/testing/test-http-server';
import { createGeminiImageEngine } from '../gemini/gemini-image-engine';
import { geminiImageModelFacts } from '../gemini/gemini-models';
import { createOpenAiImageEngine } from '../openai/openai-image-engine';
import type { RedesignInput } from '../image-engine';
import { LOOK_LABEL, lookAsWordsNote } from './label-images';

/**
 * A look carried to the hosted engines (issue 49), through the stand-ins of their HTTP APIs: the source
 * result goes as a labelled reference image right after the room photo, within the model's input limit
 * from its capability table, and the look's words go in the prompt; a model that takes fewer images gets
 * the look in words only, is told so, and the engine says so to the design (lookAsWordsOnly).
 */
const LOOK: BriefLook = {
  roomWords: 'living room',
  palette: [
    { hex: '#9caf88', name: 'sage green', share: 0.46 },
    { hex: '#efe6d2', name: 'cream', share: 0.31 },
    { hex: '#8a6a4c', name: 'oak brown', share: 0.23 },
  ],
  materials: ['oak (light)', 'linen'],
  forms: ['soft rounded silhouettes'],
  pieces: [{ name: 'green velvet sofa', photoKey: null, own: false }],
  mood: 'calm and bright',
  sourceImageKey: 'designs/source/generated-1.webp',
};

let server: TestHttpServer;
let answerImage: Buffer;
let lookImage: Buffer;
beforeEach(async () => {
  server = await startTestHttpServer();
  answerImage = await makeImage(40, 30, 'png', { r: 20, g: 160, b: 90 });
  lookImage = await makeImage(24, 18, 'webp', { r: 156, g: 175, b: 136 });
});
afterEach(() => server.close());

/** The standard redesign with a look: the source result as the first reference, the prompt built as generate-design builds it. */
async function withLook(): Promise<RedesignInput> {
  const input = await makeRedesignInput({ width: 80, height: 60 });
  const brief = { ...input.brief, look: LOOK };
  const references = [{ role: 'look' as const, mimeType: 'image/webp' as const, data: lookImage }, ...input.references];
  return { ...input, brief, references, prompt: buildDesignPrompt(brief, [{ role: 'room' }, ...references]) };
}

const geminiAnswer = () => ({
  json: {
    candidates: [
      {
        content: { role: 'model', parts: [{ inlineData: { mimeType: 'image/png', data: answerImage.toString('base64') } }] },
        finishReason: 'STOP',
      },
    ],
  },
});
const openAiAnswer = () => ({
  headers: { 'x-request-id': 'req_1' },
  json: { created: 1, data: [{ b64_json: answerImage.toString('base64') }] },
});

interface GeminiPart {
  text?: string;
  inlineData?: { data: string };
}
const geminiParts = (request: RecordedRequest | undefined) => (request?.json as { contents: { parts: GeminiPart[] }[] }).contents[0]!.parts;
const openAiField = (request: RecordedRequest | undefined, name: string) =>
  request?.form?.fields.find((field) => field.name === name)?.value?.replace(/\r\n/g, '\n') ?? '';

describe('a look reaches Gemini', () => {
  const gemini = (described?: { maxInputImages: number }) =>
    createGeminiImageEngine({
      apiKey: 'k',
      baseUrl: server.url,
      retryBaseMs: 1,
      timeoutMs: 5_000,
      ...(described ? { model: 'gemini-look-test', described } : {}),
    });

  test("within the model's limit: the source result right after the room photo, labelled as the look, and the look's words in the prompt", async () => {
    server.respond(geminiAnswer());
    const input = await withLook();
    const result = await gemini().redesign(input, { requestKey: 'k' });
    const parts = geminiParts(server.requests[0]);
    const images = parts.filter((part) => part.inlineData);
    expect(images.length).toBeLessThanOrEqual(geminiImageModelFacts('gemini-nano-banana-2.1').maxInputImages);
    expect(parts[2]).toEqual({ text: `Image 2: ${LOOK_LABEL}` });
    expect(parts[3]?.inlineData?.data).toBe(lookImage.toString('base64'));
    const prompt = parts.at(-1)?.text ?? '';
    expect(prompt).toContain('THE LOOK (made for this home from the living room, shown in Image 2 (THE LOOK)');
    expect(prompt).toContain('sage green #9caf88 (46%)');
    expect(prompt).toContain('green velvet sofa');
    expect(prompt).not.toContain('reference image is not attached');
    expect(result.lookAsWordsOnly).toBeUndefined();
  });

  test('a model that takes one image gets the room photo only, the look in words, is told so, and the engine says so', async () => {
    server.respond(geminiAnswer());
    const result = await gemini({ maxInputImages: 1 }).redesign(await withLook(), { requestKey: 'k' });
    const parts = geminiParts(server.requests[0]);
    expect(parts.filter((part) => part.inlineData)).toHaveLength(1);
    const prompt = parts.at(-1)?.text ?? '';
    expect(prompt).toContain('sage green #9caf88 (46%)');
    expect(prompt).toContain(lookAsWordsNote(1));
    expect(result.lookAsWordsOnly).toBe(1);
  });
});

describe('a look reaches OpenAI', () => {
  const openAi = (described?: { maxInputImages: number }) =>
    createOpenAiImageEngine({
      apiKey: 'k',
      baseUrl: `${server.url}/v1`,
      retryBaseMs: 1,
      timeoutMs: 5_000,
      ...(described ? { model: 'gpt-image-look-test', described: { ...described, sizes: ['1024x1024', '1536x1024', '1024x1536'] } } : {}),
    });

  test("within the model's limit: the source result as the second file, labelled as the look, and the look's words in the prompt", async () => {
    server.respond(openAiAnswer());
    const result = await openAi().redesign(await withLook(), { requestKey: 'k' });
    const files = server.requests[0]?.form?.files ?? [];
    expect(files[1]?.data).toEqual(lookImage);
    const prompt = openAiField(server.requests[0], 'prompt');
    expect(prompt).toContain(`Image 2: ${LOOK_LABEL}`);
    expect(prompt).toContain('sage green #9caf88 (46%)');
    expect(result.lookAsWordsOnly).toBeUndefined();
  });

  test('a model that takes one image gets the look in words only, is told so, and the engine says so', async () => {
    server.respond(openAiAnswer());
    const result = await openAi({ maxInputImages: 1 }).redesign(await withLook(), { requestKey: 'k' });
    expect(server.requests[0]?.form?.files).toHaveLength(1);
    const prompt = openAiField(server.requests[0], 'prompt');
    expect(prompt).not.toContain(`Image 2: ${LOOK_LABEL}`);
    expect(prompt).toContain('sage green #9caf88 (46%)');
    expect(prompt).toContain(lookAsWordsNote(1));
    expect(result.lookAsWordsOnly).toBe(1);
  });
});
