// Run inside the Containerfile's assemble stage: removes from <app>/node_modules (and a workspace's own,
// apps/server/node_modules) every package the lockfile
// marks as a development one (`"dev": true`, what `npm prune --omit=dev` removes), the workspace links
// (@rv/*: the server's bundle carries the workspace's code) and the bin links. The image has no npm, and
// needs none: the lockfile says which installed package is whose.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const app = process.argv[2];
if (!app) {
  console.error('usage: node prune-dev-packages.ts <app folder>');
  process.exit(2);
}
const lock = JSON.parse(readFileSync(path.join(app, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { dev?: boolean; link?: boolean }>;
};
let removed = 0;
for (const [where, entry] of Object.entries(lock.packages)) {
  if (!where.includes('node_modules/') || !(entry.dev || entry.link)) continue;
  const folder = path.join(app, where);
  if (!existsSync(folder)) continue;
  rmSync(folder, { recursive: true, force: true });
  removed += 1;
}
for (const folder of ['node_modules/.bin', 'node_modules/.cache', 'node_modules/.package-lock.json'])
  rmSync(path.join(app, folder), { recursive: true, force: true });
console.log(`removed ${removed} development packages and workspace links from ${app}/node_modules`);
