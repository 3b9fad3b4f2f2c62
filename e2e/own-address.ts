// The browser tests share one server on 127.0.0.1, so every test would count against the same per-address
// limits (10 checkouts an address in 10 minutes). Here the server trusts loopback as its proxy
// (TRUST_PROXY=loopback in playwright.config.ts) and each test comes from an address of its own, as real
// buyers behind a proxy do: the limits still hold within a test, and no test spends another's allowance.
import { createHash } from 'node:crypto';
import { test as base } from '@playwright/test';

export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    const [a, b, c] = createHash('sha256').update(`${testInfo.testId}:${testInfo.repeatEachIndex}:${testInfo.retry}`).digest();
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': `10.${a}.${b}.${c}` });
  },
});
