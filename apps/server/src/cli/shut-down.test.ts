import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUILD_MS, buildServerOnce, compiled, serverDir } from '../../test/compiled-entry';

beforeAll(buildServerOnce, BUILD_MS);

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

const DEADLINE_MS = 3_000;

/**
 * Issue 50: shutdown with a deadline (ADR 066). The compiled server, with a request that never ends (an
 * upload whose body stops coming: Node's own close would wait for it for ever), is sent SIGTERM: it exits
 * within SHUTDOWN_DEADLINE_MS, cut off (exit 1) and saying so; with nothing in flight it exits 0 at once.
 */
describe('SIGTERM with SHUTDOWN_DEADLINE_MS', () => {
  async function start() {
    const port = await freePort();
    const child = spawn(process.execPath, compiled('src/cli/main.ts'), {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rv-stop-')),
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        SHUTDOWN_DEADLINE_MS: String(DEADLINE_MS),
      },
    });
    const output = { log: '' };
    child.stdout.on('data', (chunk: Buffer) => (output.log += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output.log += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    for (let tries = 0; !output.log.includes('is serving on'); tries++) {
      if (tries > 1_500) throw new Error(`the server did not start:\n${output.log}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return { child, port, output, exited };
  }

  it('a hanging request: the process exits within the deadline, cut off', async () => {
    const { child, port, output, exited } = await start();
    // A request whose body never comes whole: 100 bytes announced, 10 sent.
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /api/bug-report HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"descrip`,
    );
    socket.on('error', () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const asked = Date.now();
    child.kill('SIGTERM');
    const code = await exited;
    const took = Date.now() - asked;
    socket.destroy();
    expect(code).toBe(1);
    expect(took).toBeGreaterThanOrEqual(DEADLINE_MS - 100);
    expect(took).toBeLessThan(DEADLINE_MS + 2_000);
    expect(output.log).toContain('still stopping at the deadline: cut off');
  }, 200_000);

  it('nothing in flight: the process exits 0 well within the deadline', async () => {
    const { child, exited } = await start();
    const asked = Date.now();
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(Date.now() - asked).toBeLessThan(DEADLINE_MS);
  }, 200_000);
});
