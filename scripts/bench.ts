// `npm run bench`: builds what changed (scripts/build.ts), then runs every bench/*.bench.ts in turn (or those named).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const wanted = process.argv.slice(2);
const benches = readdirSync('bench')
  .filter((f) => /\.bench\.ts$/.test(f))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)));
// The benches run the built server (npm start's entry): build what changed since the last build.
if (spawnSync('node', ['scripts/build.ts', '--if-changed'], { stdio: 'inherit' }).status !== 0) process.exit(1);
let failed = false;
for (const bench of benches) {
  console.log(`\n# ${bench}`);
  const result = spawnSync('node', ['--import', 'tsx', `bench/${bench}`], { stdio: 'inherit' });
  failed ||= result.status !== 0;
}
process.exit(failed ? 1 : 0);
