import { expect, test } from 'vitest';
import { geminiImageModelFacts } from '../gemini/gemini-models';
import { STANDARD_SIZES } from '../openai/openai-models';
import { imageMimeType, imageSize, nearestShape, toEngineImage } from './image-facts';
import { makeImage } from '../../../test/engine-fixtures';

test.each([
  [4032, 3024, '4:3', '1536x1024'],
  [3024, 4032, '3:4', '1024x1536'],
  [1920, 1080, '16:9', '1536x1024'],
  [1000, 1000, '1:1', '1024x1024'],
  [1080, 1350, '4:5', '1024x1536'],
  [3000, 1000, '21:9', '1536x1024'],
])('%i x %i → %s (Gemini), %s (OpenAI standard sizes)', (width, height, gemini, openai) => {
  expect(nearestShape(width, height, geminiImageModelFacts('gemini-3.1-flash-image').aspectRatios)).toBe(gemini);
  expect(nearestShape(width, height, STANDARD_SIZES)).toBe(openai);
});

test('size and type are read from the bytes; an unknown type comes back as PNG', async () => {
  const webp = await makeImage(30, 20, 'webp');
  expect(await imageSize(webp)).toEqual({ width: 30, height: 20 });
  expect(await imageMimeType(webp)).toBe('image/webp');
  expect((await toEngineImage(webp, 'image/webp')).data).toBe(webp);
  const converted = await toEngineImage(webp, 'image/heic');
  expect(converted.mimeType).toBe('image/png');
  expect(await imageMimeType(converted.data)).toBe('image/png');
});
