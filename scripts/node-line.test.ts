import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { MINIMUM_NODE, nodeVersionProblem } from '../apps/server/src/config/node-line';

/** The Node.js line of ADR 019: stated once in package.json, honoured by every locked package, checked at start. */
const rootPackage = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
};
const minimum = `${MINIMUM_NODE.major}.${MINIMUM_NODE.minor}.0`;

describe('the Node.js line', () => {
  it('package.json states the line the server checks at start', () => {
    expect(semver.minVersion(rootPackage.engines.node)?.version).toBe(minimum);
  });

  it('every locked package accepts the oldest Node.js of the line (npm would warn EBADENGINE)', () => {
    const refusing = Object.entries(lock.packages)
      .map(([where, entry]) => ({ where, version: entry.version, node: Array.isArray(entry.engines) ? undefined : entry.engines?.node }))
      .filter((entry) => entry.node !== undefined && !semver.satisfies(minimum, entry.node));
    expect(refusing).toEqual([]);
  });

  it('an older Node.js is named at start; the line and newer pass', () => {
    expect(nodeVersionProblem('20.18.3')).toBe('Room Visualizer needs Node.js 20.19 or newer; this is 20.18.3.');
    expect(nodeVersionProblem('18.20.0')).toContain('needs Node.js 20.19 or newer');
    expect(nodeVersionProblem('20.19.0')).toBeNull();
    expect(nodeVersionProblem('22.12.0')).toBeNull();
  });
});
