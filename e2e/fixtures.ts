import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The running server's data folder (set up by playwright.config.ts). */
export const dataDir = () => process.env.E2E_DATA_DIR!;

/** The .eml messages in the outbox addressed to `to`, newest last. */
export function outboxFor(to: string): string[] {
  const outbox = path.join(dataDir(), 'outbox');
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .sort()
    .map((file) => readFileSync(path.join(outbox, file), 'utf8'))
    .filter((eml) => eml.includes(`To: ${to}`));
}

/** Stored files under DATA_DIR/files with the given key prefix. */
export function storedFiles(prefix: string): string[] {
  const root = path.join(dataDir(), 'files', prefix);
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.webp'));
}
