import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUILD_MS, buildServerOnce, startServer } from '../../test/compiled-entry';
import { multipart } from '../../test/test-app';

beforeAll(buildServerOnce, BUILD_MS);

const DEADLINE_MS = 3_000;

/**
 * Issue 50: shutdown with a deadline (ADR 066). The compiled server, with a request that never ends (an
 * upload whose body stops coming: Node's own close would wait for it for ever), is sent SIGTERM: it exits
 * within SHUTDOWN_DEADLINE_MS, cut off (exit 1) and saying so; with nothing in flight it exits 0 at once.
 */
describe('SIGTERM with SHUTDOWN_DEADLINE_MS', () => {
  const start = () => startServer({ SHUTDOWN_DEADLINE_MS: String(DEADLINE_MS) });

  it('a hanging request: the process exits within the deadline, cut off', async () => {
    const { port, output, stop } = await start();
    // A request whose body never comes whole: 100 bytes announced, 10 sent.
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /api/bug-report HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"descrip`,
    );
    socket.on('error', () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const asked = Date.now();
    const code = await stop();
    const took = Date.now() - asked;
    socket.destroy();
    expect(code).toBe(1);
    expect(took).toBeGreaterThanOrEqual(DEADLINE_MS - 100);
    expect(took).toBeLessThan(DEADLINE_MS + 2_000);
    expect(output.log).toContain('still stopping at the deadline: cut off');
  }, 200_000);

  it('nothing in flight: the process exits 0 well within the deadline', async () => {
    const { stop, dataDir } = await start();
    const asked = Date.now();
    expect(await stop()).toBe(0);
    expect(Date.now() - asked).toBeLessThan(DEADLINE_MS);
    // The test's own: the data folder made for the process is gone with it, in the run's temporary folder.
    expect(existsSync(dataDir)).toBe(false);
    expect(path.relative(process.env.TMPDIR!, dataDir)).toMatch(/^rv-server-/);
  }, 200_000);

  it('the folder for uploads in flight goes with the process', async () => {
    // A temporary folder of the server's own, to look into.
    const serverTmp = mkdtempSync(path.join(tmpdir(), 'rv-server-tmp-'));
    const { url, stop } = await startServer({ TMPDIR: serverTmp });
    // A visitor's bug report is a multipart upload: the server makes its uploads folder for it.
    const body = multipart({ description: 'The carousel froze', email: 'visitor@example.com', pageUrl: '', userAgent: 'UA/1' });
    const answer = await fetch(`${url}/api/bug-report`, {
      method: 'POST',
      headers: { ...body.headers, origin: url },
      body: new Uint8Array(body.payload),
    });
    expect(answer.status).toBe(201);
    expect(readdirSync(serverTmp).filter((name) => name.startsWith('rv-uploads-'))).toHaveLength(1);
    expect(await stop()).toBe(0);
    expect(readdirSync(serverTmp)).toEqual([]);
  }, 200_000);
});
