// A throwaway PostgreSQL cluster on 127.0.0.1 and a free port, for the Postgres run of the API tests
// (and the cluster test). initdb refuses to run as root, so as root it runs as the `postgres` user.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export function findPostgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const bin = path.join(root, v, 'bin');
    if (existsSync(path.join(bin, 'initdb'))) return bin;
  }
  return null;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const isRoot = () => process.getuid?.() === 0;

function run(bin: string, args: string[]): string {
  const command = isRoot() ? 'runuser' : bin;
  const fullArgs = isRoot() ? ['-u', 'postgres', '--', bin, ...args] : args;
  const result = spawnSync(command, fullArgs, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${path.basename(bin)} failed: ${result.stderr || result.stdout}`);
  return result.stdout;
}

/** Starts a cluster; returns its URL and a stop function. */
export async function startCluster(): Promise<{ url: string; restart(): void; stop(): void }> {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed: apt-get install postgresql');
  const dir = mkdtempSync(path.join(tmpdir(), 'rv-pg-'));
  chmodSync(dir, 0o777);
  if (isRoot()) execFileSync('chown', ['postgres:postgres', dir]);
  const dataDir = path.join(dir, 'data');
  run(path.join(bin, 'initdb'), ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  run(path.join(bin, 'pg_ctl'), [
    '-D',
    dataDir,
    '-l',
    path.join(dir, 'log'),
    '-w',
    '-t',
    '60',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    /** pg_ctl restart (fast shutdown: open connections are cut), same port and options. */
    restart() {
      run(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-l', path.join(dir, 'log'), '-w', '-t', '60', '-m', 'fast', 'restart']);
    },
    stop() {
      try {
        run(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
