import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A classic script written inline (no src, no type): the web build's press keeper (docs/press.md). */
const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/**
 * The CSP sources (`script-src`) that allow exactly the inline scripts of the web build's index.html, by
 * their hashes: the press keeper the build puts there from its TypeScript (apps/web/vite/press-keeper-plugin.ts).
 * None without a web build.
 */
export function inlineScriptSources(webDist: string): string[] {
  const indexFile = path.join(webDist, 'index.html');
  if (!existsSync(indexFile)) return [];
  return [...readFileSync(indexFile, 'utf8').matchAll(INLINE_SCRIPT)].map(
    (match) => `'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`,
  );
}
