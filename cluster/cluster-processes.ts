// The processes of the cluster test: web and worker processes started as an operator would (the same
// entry points as `npm start` and `npm run worker`), each with its own log, and s3rver as the S3 store.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, type WriteStream } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { readJson } from '@rv/contracts/json';

/** One pino log line (JSON) of a process. */
/** A process's JSON log line (pino's fields and any others). */
const logLine = z.looseObject({
  msg: z.string().optional(),
  level: z.number().optional(),
  time: z.number().optional(),
  pid: z.number().optional(),
});
export type LogLine = z.infer<typeof logLine>;

/** A web or worker process: its log lines as they arrive, and how to stop it. */
export class AppProcess {
  readonly lines: LogLine[] = [];
  readonly exited: Promise<number | null>;
  private readonly log: WriteStream;

  constructor(
    readonly label: string,
    readonly child: ChildProcess,
    logFile: string,
    readonly url?: string,
  ) {
    this.log = createWriteStream(logFile);
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    for (const stream of [child.stdout, child.stderr]) {
      if (!stream) continue;
      createInterface({ input: stream }).on('line', (text) => {
        this.log.write(`${text}\n`);
        if (!text.startsWith('{')) return;
        // A line that is not a JSON log line is only kept in the file.
        const line = readJson(logLine, text);
        if (line) this.lines.push(line);
      });
    }
  }

  get pid(): number {
    return this.child.pid!;
  }

  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** The log lines that match. */
  find(match: (line: LogLine) => boolean): LogLine[] {
    return this.lines.filter(match);
  }

  async kill(signal: NodeJS.Signals): Promise<void> {
    if (this.alive) this.child.kill(signal);
    await this.exited;
  }

  /** SIGTERM (a graceful stop), then SIGKILL after `graceMs`. */
  async stop(graceMs = 5_000): Promise<void> {
    if (!this.alive) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    await this.exited;
    clearTimeout(timer);
    this.log.end();
  }
}

/** Starts `node <entry>` (the built server or worker, as production runs them) from the repository root. */
export function startAppProcess(options: { label: string; entry: string; env: Record<string, string>; logDir: string; url?: string }) {
  const child = spawn(process.execPath, ['--enable-source-maps', options.entry], {
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new AppProcess(options.label, child, path.join(options.logDir, `${options.label}.log`), options.url);
}

/** Waits until a web process answers its health check (database reachable). */
export async function waitForHealth(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`${url} did not become healthy within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** s3rver ships no types; this is the part of its API the test uses. */
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

/** A local S3-compatible server (s3rver) on 127.0.0.1 with one bucket. */
export async function startS3(bucket: string) {
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;
  const directory = mkdtempSync(path.join(tmpdir(), 'rv-cluster-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  return { endpoint: `http://127.0.0.1:${port}`, directory, close: () => server.close() };
}
