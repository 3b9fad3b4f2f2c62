import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

/**
 * What a first `npm install` says while it runs (issue 51): it takes minutes (about a thousand packages), and
 * nothing of ours builds then, so npm says each package it fetches, with its time (`.npmrc`: loglevel=http).
 */
const root = path.resolve(import.meta.dirname, '..');
const lock = z
  .object({ packages: z.record(z.string(), z.object({ hasInstallScript: z.boolean().optional() })) })
  .parse(JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')));
const manifest = z.object({ scripts: z.record(z.string(), z.string()).optional() });
const manifests = [
  'package.json',
  ...Object.keys(lock.packages)
    .filter((key) => key && !key.includes('node_modules'))
    .map((dir) => `${dir}/package.json`),
];

/** The dependencies' install scripts, each a check of seconds (esbuild checks its binary; protobufjs checks its version). */
const QUICK_INSTALL_SCRIPTS = ['esbuild', 'protobufjs'];

describe('npm install says what it does', () => {
  it("the project's npm prints each package fetched (loglevel http, from the repository's .npmrc)", () => {
    const npm = process.env.npm_execpath;
    const level = npm
      ? execFileSync(process.execPath, [npm, 'config', 'get', 'loglevel'], { cwd: root, encoding: 'utf8' })
      : execFileSync('npm', ['config', 'get', 'loglevel'], { cwd: root, encoding: 'utf8' });
    expect(level.trim()).toBe('http');
  });

  it('no package of ours runs a step at install (a build there would need its own progress lines), and the dependencies that do are the quick ones', () => {
    for (const file of manifests) {
      const scripts = manifest.parse(JSON.parse(readFileSync(path.join(root, file), 'utf8'))).scripts ?? {};
      expect(
        Object.keys(scripts).filter((name) => /^(pre|post)?install$|^(pre|post)?prepare$/.test(name)),
        file,
      ).toEqual([]);
    }
    const withScripts = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([key]) => key.split('node_modules/').pop());
    expect([...new Set(withScripts)].sort()).toEqual(QUICK_INSTALL_SCRIPTS);
  });
});
