import { describe, expect, it } from 'vitest';
import { makeImage, makeRedesignInput } from '../../../test/engine-fixtures';
import { EngineError, type EngineImage } from '../image-engine';
import { createRemoteImageEngine, type ImageRequest, type ImageRequestPlugin } from './remote-image-engine';

/** A provider plug-in that answers from a list and keeps what the flow sent it (the flow itself is what is tested). */
function plugIn(answers: { images: EngineImage[]; providerRequestId?: string }[], maxInputImages = 3) {
  const sent: ImageRequest[] = [];
  const plugin: ImageRequestPlugin = {
    name: 'gemini',
    model: 'test-model',
    maxInputImages,
    async send(request) {
      sent.push(request);
      return answers.shift() ?? { images: [] };
    },
    async maskedRefine(input) {
      return { parts: [], prompt: `masked: ${input.tweakText}`, mask: input.mask };
    },
  };
  return { engine: createRemoteImageEngine(plugin), sent };
}

const image = async (): Promise<EngineImage> => ({ data: await makeImage(8, 8, 'png'), mimeType: 'image/png' });
const call = { requestKey: 'design-1:redesign' };

describe('the remote image flow', () => {
  it("caps the labelled inputs at the model's limit (room photo first), sends the room's size, and answers the provider's id", async () => {
    const { engine, sent } = plugIn([{ images: [await image()], providerRequestId: 'resp-1' }], 2);
    const input = await makeRedesignInput({ width: 80, height: 60 }, 2);
    const result = await engine.redesign({ ...input, references: [...input.references, ...input.references] }, call);
    expect(result.providerRequestId).toBe('resp-1');
    expect(sent[0]).toMatchObject({ room: { width: 80, height: 60 }, count: 2, prompt: input.prompt });
    expect(sent[0]!.parts).toHaveLength(2);
    expect(sent[0]!.parts[0]!.image).toBe(input.room);
  });

  it("an answer without an image is a retryable EngineError of kind 'no-image' (one more paid attempt per design, ADR 034); an answer without an id gets a stable id of our own request", async () => {
    const { engine } = plugIn([{ images: [] }, { images: [await image()] }, { images: [await image()] }]);
    const input = await makeRedesignInput();
    const error = await engine.redesign(input, call).catch((e: unknown) => e);
    expect(error).toEqual(
      new EngineError('The image service returned no image. Please try again.', true, undefined, undefined, 'no-image'),
    );
    const first = await engine.redesign(input, call);
    const again = await engine.redesign(input, call);
    expect(first.providerRequestId).toMatch(/^gemini-[0-9a-f]{32}$/);
    expect(again.providerRequestId).toBe(first.providerRequestId);
  });

  it("a refinement with a mask is asked in the plug-in's own form", async () => {
    const { engine, sent } = plugIn([{ images: [await image()] }]);
    const room = { role: 'room' as const, mimeType: 'image/webp' as const, data: await makeImage(40, 30, 'webp') };
    const mask = await makeImage(40, 30, 'png');
    await engine.refine(
      { prompt: 'p', base: { ...room, role: 'base' }, room, tweakText: 'blue sofa', scope: 'tweak', tweakImages: [], mask },
      call,
    );
    expect(sent[0]).toMatchObject({ prompt: 'masked: blue sofa', mask, count: 1, room: { width: 40, height: 30 } });
  });
});
