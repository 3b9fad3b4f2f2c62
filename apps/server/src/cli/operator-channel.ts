import { chmodSync, lstatSync, mkdirSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { readJson } from '@rv/contracts/json';
import { type OperatorCommandName, type OperatorResult, operatorCommands, usageProblem } from './operator-commands';

/** The server's answer over the channel, read through its shape. */
const operatorResult = z.object({ code: z.number().int(), stdout: z.string(), stderr: z.string() });

/**
 * The operator channel (ADR 053): while the server holds the embedded database, `npm run admin`, `payments`
 * and `storage` are run by the server itself, asked over a Unix socket in the data folder. No network
 * listener: the socket sits in DATA_DIR/operator, a folder only its owner may enter (0700), and is itself
 * 0600, so only processes of the user the server runs as reach it (docs/security.md, 'Operator channel').
 * One request a connection: a JSON line naming a command and its arguments; one JSON line answers what it
 * printed and its exit code.
 */

/** Where the server's operator channel listens. */
export const operatorSocketPath = (dataDir: string) => path.join(dataDir, 'operator', 'control.sock');

const commandNames = Object.keys(operatorCommands) as [OperatorCommandName, ...OperatorCommandName[]];
const operatorRequest = z.object({ command: z.enum(commandNames), args: z.array(z.string().max(1_000)).max(8) }).strict();
export type OperatorRequest = z.infer<typeof operatorRequest>;

/** A request larger than this is not one of ours. */
const MAX_REQUEST_BYTES = 16 * 1024;
/** How long a connection may take to send its request. */
const REQUEST_MS = 10_000;

/**
 * Listens on the operator socket of `dataDir`, answering each request with `run`. Throws when the socket
 * cannot be made private (the folder belongs to another user) or cannot be listened on.
 */
export async function serveOperatorChannel(
  dataDir: string,
  run: (request: OperatorRequest) => Promise<OperatorResult>,
): Promise<{ path: string; close(): Promise<void> }> {
  const socketPath = operatorSocketPath(dataDir);
  const folder = path.dirname(socketPath);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const stat = lstatSync(folder);
  if (!stat.isDirectory() || stat.uid !== process.getuid?.())
    throw new Error(`${folder} is not a folder of this user: the operator channel is not opened there`);
  chmodSync(folder, 0o700);
  // This process holds the database: a socket left here is a dead server's.
  rmSync(socketPath, { force: true });
  const server: Server = createServer((connection) => {
    let received = '';
    connection.setEncoding('utf8');
    connection.setTimeout(REQUEST_MS, () => connection.destroy());
    const answer = (result: OperatorResult) => connection.end(`${JSON.stringify(result)}\n`);
    connection.on('error', () => undefined);
    connection.on('data', (chunk: string) => {
      received += chunk;
      if (received.length > MAX_REQUEST_BYTES) return void connection.destroy();
      const end = received.indexOf('\n');
      if (end < 0) return;
      connection.removeAllListeners('data');
      connection.setTimeout(0);
      const request = parseRequest(received.slice(0, end));
      if (!request) return answer({ code: 2, stdout: '', stderr: 'The server did not understand the request.\n' });
      const problem = usageProblem(request.command, request.args);
      if (problem !== undefined) return answer({ code: 2, stdout: '', stderr: `${problem}\n` });
      void run(request).then(answer, (error: unknown) =>
        answer({ code: 1, stdout: '', stderr: `${error instanceof Error ? error.message : String(error)}\n` }),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  chmodSync(socketPath, 0o600);
  return {
    path: socketPath,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function parseRequest(line: string): OperatorRequest | undefined {
  try {
    const parsed = operatorRequest.safeParse(JSON.parse(line));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Asks the server holding `dataDir`'s database to run a command. Answers undefined when no server listens
 * there (none, or a process that holds the database without a channel: a worker, another command); a
 * server that ended before answering is a failure saying the outcome is unknown, never a success.
 */
export async function askOperatorChannel(dataDir: string, request: OperatorRequest): Promise<OperatorResult | undefined> {
  const socketPath = operatorSocketPath(dataDir);
  return new Promise((resolve) => {
    let received = '';
    let connected = false;
    const connection = createConnection(socketPath, () => {
      connected = true;
      connection.write(`${JSON.stringify(request)}\n`);
    });
    connection.setEncoding('utf8');
    connection.on('data', (chunk: string) => (received += chunk));
    connection.on('error', (error: NodeJS.ErrnoException) => {
      if (!connected) resolve(undefined);
      else resolve(unanswered(`${error.message}`));
    });
    connection.on('close', () => {
      if (!connected) return resolve(undefined);
      resolve(readJson(operatorResult, received) ?? unanswered('the connection closed'));
    });
  });
}

const unanswered = (why: string): OperatorResult => ({
  code: 1,
  stdout: '',
  stderr: `The server stopped answering before the command finished (${why}): it may or may not have taken effect. Check, and run it again.\n`,
});
