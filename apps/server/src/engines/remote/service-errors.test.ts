import { describe, expect, test } from 'vitest';
import { cleanReason, failureFromStatus, parseRetryAfter } from './service-errors';

const headers = (entries: Record<string, string>) => new Headers(entries);

describe('parseRetryAfter', () => {
  test('seconds, an HTTP date, or retry-after-ms', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter(headers({ 'retry-after': '30' }), now)).toBe(30_000);
    expect(parseRetryAfter(headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:05 GMT' }), now)).toBe(5_000);
    expect(parseRetryAfter(headers({ 'retry-after-ms': '250', 'retry-after': '30' }), now)).toBe(250);
    expect(parseRetryAfter(headers({ 'retry-after': 'soon' }), now)).toBeUndefined();
    expect(parseRetryAfter(headers({}), now)).toBeUndefined();
  });
});

describe('failureFromStatus', () => {
  test.each([
    [429, 'The image service is busy. Please try again in a minute.', true],
    [503, 'The image service is busy. Please try again in a minute.', true],
    [504, 'The image service did not answer in time.', true],
    [500, 'The image service had a problem. Please try again in a minute.', true],
    [400, 'The image service refused the request. Please try different photos or words.', false],
    [401, 'The image service is not available right now. Please try again later.', false],
    [403, 'The image service is not available right now. Please try again later.', false],
    [404, 'The image service is not available right now. Please try again later.', false],
  ])('%i', (status, message, retryable) => {
    const { error } = failureFromStatus('image', status, 'bad image');
    expect(error).toMatchObject({ message, retryable, status });
    // The service's words are kept for the log and the admin view, never in the user's message.
    if (status < 500 && status !== 429) expect(error).toMatchObject({ detail: 'bad image' });
    expect(error.message).not.toContain('bad image');
  });

  test('a 429 for used-up billing quota is "not available" and not retried; a rate limit or a quota with Retry-After is "busy"', () => {
    const quota = 'You exceeded your current quota, please check your plan and billing details.';
    expect(failureFromStatus('image', 429, quota, undefined, 'insufficient_quota').error).toMatchObject({
      message: 'The image service is not available right now. Please try again later.',
      retryable: false,
    });
    expect(failureFromStatus('image', 429, quota).error).toMatchObject({
      message: 'The image service is not available right now. Please try again later.',
      retryable: false,
    });
    expect(failureFromStatus('image', 429, quota, 30_000).error.retryable).toBe(true);
    expect(failureFromStatus('image', 429, 'Resource has been exhausted (e.g. check quota).').error.retryable).toBe(true);
  });

  test('a moderation code is a safety block', () => {
    expect(
      failureFromStatus('image', 400, 'Your request was rejected by the safety system.', undefined, 'moderation_blocked').error,
    ).toMatchObject({
      message: 'The image service declined this request for safety reasons. Please try a different photo or description.',
      retryable: false,
    });
  });
});

test('cleanReason keeps a reason on one short line', () => {
  expect(cleanReason('  a\n\n b  ')).toBe('a b');
  expect(cleanReason('x'.repeat(400))).toHaveLength(300);
  expect(cleanReason(' ')).toBe('no reason was given.');
});

test('cleanReason takes out every key fragment a provider quotes (docs/security.md): OpenAI sk-… masked or whole, Google AIza…', () => {
  expect(
    cleanReason('Incorrect API key provided: sk-ab****wxyz. You can find your API key at https://platform.openai.com/account/api-keys.'),
  ).toBe('Incorrect API key provided: [key redacted]. You can find your API key at https://platform.openai.com/account/api-keys.');
  expect(cleanReason('bad key sk-proj-AbC_123-xyz*****9f0 and sk-svcacct-abc')).toBe('bad key [key redacted] and [key redacted]');
  expect(cleanReason('API key AIzaSyA-1234567890abcdefgh is not valid')).toBe('API key [key redacted] is not valid');
  // Words that only look alike are kept.
  expect(cleanReason('task-sk-1 risk-level')).toBe('task-sk-1 risk-level');
});

test("Gemini's 400 FAILED_PRECONDITION (an unsupported location, billing not enabled) is a configuration error, as a bad key is: not available, never a refusal", () => {
  const { error } = failureFromStatus('image', 400, 'User location is not supported for the API use.', undefined, [
    undefined,
    'FAILED_PRECONDITION',
  ]);
  expect(error).toMatchObject({
    message: 'The image service is not available right now. Please try again later.',
    retryable: false,
    kind: 'configuration',
    detail: 'User location is not supported for the API use.',
  });
  expect(failureFromStatus('image', 400, 'API key not valid.', undefined, 'API_KEY_INVALID').error.kind).toBe('configuration');
  expect(failureFromStatus('image', 400, 'Unable to process input image.', undefined, [undefined, 'INVALID_ARGUMENT']).error).toMatchObject(
    {
      message: 'The image service refused the request. Please try different photos or words.',
      kind: undefined,
    },
  );
});
