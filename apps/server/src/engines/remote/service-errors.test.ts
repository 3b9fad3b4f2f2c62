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
    [400, 'The image service refused the request: bad image', false],
    [403, 'The image service refused the request: bad image', false],
  ])('%i', (status, message, retryable) => {
    expect(failureFromStatus('image', status, 'bad image').error).toMatchObject({ message, retryable, status });
  });
});

test('cleanReason keeps a reason on one short line', () => {
  expect(cleanReason('  a\n\n b  ')).toBe('a b');
  expect(cleanReason('x'.repeat(400))).toHaveLength(300);
  expect(cleanReason(' ')).toBe('no reason was given.');
});
