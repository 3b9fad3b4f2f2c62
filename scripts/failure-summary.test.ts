import { describe, expect, it } from 'vitest';
import { failureSummary } from './failure-summary';

describe('failureSummary', () => {
  it("names vitest's failed files and tests and their errors, without the passing ones, then the last lines", () => {
    const output = [
      '\u001b[32m ✓\u001b[39m apps/server/src/a.test.ts (3 tests) 120ms',
      ' ✓ a failed analysis shows the error toast 20ms',
      ' ❯ apps/server/test/behind-a-proxy.test.ts (2 tests | 1 failed) 27012ms',
      '   × streams live through a 5-s proxy 26000ms',
      ' FAIL  apps/server/test/behind-a-proxy.test.ts > streams live through a 5-s proxy',
      'AssertionError: expected 2 to be 3',
      ...Array.from({ length: 30 }, (_, index) => `   at frame ${index}`),
      ' Test Files  1 failed | 200 passed (201)',
    ].join('\n');
    const summary = failureSummary(output).split('\n');
    expect(summary.slice(0, 3)).toEqual([
      '   × streams live through a 5-s proxy 26000ms',
      ' FAIL  apps/server/test/behind-a-proxy.test.ts > streams live through a 5-s proxy',
      'AssertionError: expected 2 to be 3',
    ]);
    expect(summary).not.toContain(' ✓ a failed analysis shows the error toast 20ms');
    expect(summary.at(-1)).toBe(' Test Files  1 failed | 200 passed (201)');
    expect(summary).toHaveLength(3 + 1 + 15);
  });

  it("names Playwright's failed journeys, and tsc's and eslint's errors", () => {
    const output = [
      '  ✓  1 e2e/a.spec.ts:3:1 › passes (2.0s)',
      '  ✘  2 e2e/b.spec.ts:9:1 › fails (31.0s)',
      '  1) e2e/b.spec.ts:9:1 › fails ─────',
      "apps/web/src/x.ts(4,7): error TS2322: Type 'string' is not assignable to type 'number'.",
      '  12:3  error  Unexpected any  @typescript-eslint/no-explicit-any',
    ].join('\n');
    expect(failureSummary(output).split('\n').slice(0, 4)).toEqual(output.split('\n').slice(1));
  });

  it('says how many more such lines there were past 40', () => {
    const output = Array.from({ length: 45 }, (_, index) => ` FAIL  t${index}.test.ts`).join('\n');
    expect(failureSummary(output)).toContain('... and 5 more such lines');
  });
});
