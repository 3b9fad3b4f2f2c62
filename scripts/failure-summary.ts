// What `npm test` repeats of a failed step under its last line (scripts/test.ts).

/**
 * What a failed step's output says of its failures, short enough to be read at the end of a long log (CI shows
 * its last lines): the lines that name a failed test or an error (vitest's FAIL and ×, Playwright's ✘ and
 * numbered failures, tsc's and eslint's errors), at most 40, then the step's last 15 lines.
 */
export function failureSummary(output: string): string {
  // eslint-disable-next-line no-control-regex -- colour codes are what is taken out
  const lines = output.replace(/\u001b\[[0-9;]*m/g, '').split('\n');
  const named = lines.filter((line) => /\bFAIL\b|^\s*[×✘]|Error:|error TS\d+|^\s+\d+:\d+\s+error\b|^\s+\d+\) /.test(line));
  const unique = [...new Set(named.map((line) => line.trimEnd()))];
  const shown = unique.slice(0, 40);
  const more = unique.length > shown.length ? [`... and ${unique.length - shown.length} more such lines`] : [];
  return [...shown, ...more, '--- its last lines:', ...lines.slice(-15)].join('\n');
}
