import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The web build as `npm start` and `npm run build` run it (apps/web's build script: the browser bundle,
// then the server renderer), into a folder of its own so the tree other tests serve is not touched.
const webDir = path.resolve(import.meta.dirname, '../apps/web');
const outDir = mkdtempSync(path.join(tmpdir(), 'rv-web-build-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

const vite = (args: string[]) =>
  spawnSync(process.execPath, [path.resolve(import.meta.dirname, '../node_modules/vite/bin/vite.js'), 'build', ...args], {
    cwd: webDir,
    encoding: 'utf8',
    // The CI sets no TTY: what a person reads in a terminal is the same text without colours.
    env: { ...process.env, NO_COLOR: '1' },
    timeout: 170_000,
  });

describe('the web build', () => {
  it('prints no warning and no line per asset (the build script says what it made, in one line)', () => {
    const client = vite(['--outDir', outDir, '--emptyOutDir']);
    const ssr = vite(['--ssr', 'src/entry-server.tsx', '--outDir', path.join(outDir, 'ssr'), '--emptyOutDir']);
    expect(client.status, client.stderr).toBe(0);
    expect(ssr.status, ssr.stderr).toBe(0);
    const printed = `${client.stdout}${client.stderr}${ssr.stdout}${ssr.stderr}`;
    expect(printed).not.toMatch(/warn|\(!\)|configLoader/i);
    expect(printed).not.toMatch(/\.js\s+[\d.]+ kB/);
    expect(printed.trim()).toBe('');
  }, 180_000);
});
