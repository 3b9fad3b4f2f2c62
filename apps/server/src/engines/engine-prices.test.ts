import { expect, test } from 'vitest';
import { estimateCostUsd, priceOf } from './engine-prices';

const usage = (over: Partial<Parameters<typeof estimateCostUsd>[1]>) => ({ inputTokens: 0, outputTokens: 0, images: 0, ...over });

test('gpt-image-2: text input at $5, image input at $8, image output at $30 per million tokens (not every input token at the image rate)', () => {
  const cost = estimateCostUsd(
    'gpt-image-2',
    usage({ inputTokens: 1200, imageInputTokens: 1000, outputTokens: 4000, imageOutputTokens: 4000, images: 1 }),
  );
  expect(cost).toBeCloseTo((200 * 5 + 1000 * 8 + 4000 * 30) / 1e6, 9);
});

test('the OpenAI defaults of 2026-11-26: gpt-image-2.6-sunburst at $5 / $8 / $30, gpt-6.1-terra at $1 in and $5 out (reasoning as output)', () => {
  const image = usage({ inputTokens: 1200, imageInputTokens: 1000, outputTokens: 4000, imageOutputTokens: 4000, images: 1 });
  expect(estimateCostUsd('gpt-image-2.6-sunburst', image)).toBeCloseTo((200 * 5 + 1000 * 8 + 4000 * 30) / 1e6, 9);
  const text = usage({ inputTokens: 1e6, outputTokens: 1e6, thinkingTokens: 4e5 });
  expect(estimateCostUsd('gpt-6.1-terra', text)).toBeCloseTo(1 + 5, 9);
});

test('a Gemini image call: thinking at the text output rate, image tokens at the image output rate', () => {
  // gemini-nano-banana-2.1: $1.50 in, $7.50 text out and thinking, $30 image out.
  const cost = estimateCostUsd(
    'gemini-nano-banana-2.1',
    usage({ inputTokens: 3000, imageInputTokens: 2500, outputTokens: 1120 + 800, thinkingTokens: 800, imageOutputTokens: 1120, images: 1 }),
  );
  expect(cost).toBeCloseTo((3000 * 1.5 + 800 * 7.5 + 1120 * 30) / 1e6, 9);
});

test('a dated list price holds until its day: gemini-3.8-flash at $0.75/$3.75 through 2026, $1.50/$7.50 from 2027', () => {
  const used = usage({ inputTokens: 1e6, outputTokens: 1e6, thinkingTokens: 4e5 });
  expect(estimateCostUsd('gemini-3.8-flash', used, {}, new Date('2026-12-31T23:00:00Z'))).toBeCloseTo(0.75 + 3.75, 9);
  expect(estimateCostUsd('gemini-3.8-flash', used, {}, new Date('2027-01-01T00:00:00Z'))).toBeCloseTo(1.5 + 7.5, 9);
});

test('ENGINE_PRICES for the exact model comes first; no price is guessed from a name (a look-alike has none)', () => {
  expect(priceOf('gpt-image-2-2026-04-21')).toMatchObject({ inputPerMillionTokens: 5, imageInputPerMillionTokens: 8 });
  expect(priceOf('gpt-image-2-2027-01-15')).toBeUndefined();
  expect(priceOf('gemini-3.5-flash-lite')).toBeUndefined();
  expect(
    estimateCostUsd('my-model', usage({ inputTokens: 1e6, outputTokens: 1e6 }), {
      'my-model': { inputPerMillionTokens: 1, outputPerMillionTokens: 2 },
    }),
  ).toBe(3);
  expect(estimateCostUsd('my-model', usage({ inputTokens: 1e6 }))).toBe(0);
  expect(priceOf('local')).toEqual({});
});
