import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** dist/page-preloads.json, written by the web build (apps/web/vite/page-preloads-plugin.ts). */
const pagePreloadsFile = z.array(
  z.object({
    path: z.string(),
    scripts: z.array(z.string().regex(/^\/assets\/[\w.-]+\.js$/)),
    data: z.string().startsWith('/api/').optional(),
    prerender: z.literal(true).optional(),
    scriptsOnPress: z.literal(true).optional(),
  }),
);

/** What a page's HTML preloads: the scripts it needs besides the main one, and the API call it opens with. */
export interface PagePreloads {
  /** The page pattern the path matched ('*' for a path no page has). */
  pattern?: string;
  scripts: string[];
  data?: string;
  /** The page is the same for everyone: rendered once at start (web/page-renderer.ts). */
  prerender?: true;
  /** A visitor (no session) uses the page without React: its scripts start on a press that needs them (ADR 068). */
  scriptsOnPress?: true;
}

/** dist/page-preloads.json's patterns of the pages rendered once at start. */
export function prerenderedPatterns(webDist: string): string[] {
  const file = path.join(webDist, 'page-preloads.json');
  if (!existsSync(file)) return [];
  return pagePreloadsFile
    .parse(JSON.parse(readFileSync(file, 'utf8')))
    .filter((page) => page.prerender)
    .map((page) => page.path);
}

/** A page pattern ('/kitchen-bathroom/design/:id', '*') as a test of a URL path, capturing its parameters. */
function patternTest(pattern: string): RegExp {
  if (pattern === '*') return /^/;
  const segments = pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? `(?<${segment.slice(1)}>[^/]+)` : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${segments.join('/')}/?$`);
}

/** The API call with the page's parameters put in; none when a parameter is not a plain id (letters, digits, '_', '-'). */
function fillParameters(call: string, parameters: Record<string, string>): string | undefined {
  const values = Object.values(parameters);
  if (!values.every((value) => /^[\w-]{1,128}$/.test(value))) return undefined;
  return call.replace(/:(\w+)/g, (_, name: string) => parameters[name] ?? '');
}

/**
 * What to preload for a URL path (nothing when the build wrote no list). The first pattern that matches
 * wins, as in the router.
 */
export function loadPagePreloads(webDist: string): (pathname: string) => PagePreloads {
  const file = path.join(webDist, 'page-preloads.json');
  if (!existsSync(file)) return () => ({ scripts: [] });
  const pages = pagePreloadsFile.parse(JSON.parse(readFileSync(file, 'utf8'))).map((page) => ({ ...page, test: patternTest(page.path) }));
  return (pathname) => {
    for (const page of pages) {
      const match = page.test.exec(pathname);
      if (!match) continue;
      const data = page.data && fillParameters(page.data, match.groups ?? {});
      return {
        pattern: page.path,
        scripts: page.scripts,
        ...(data ? { data } : {}),
        ...(page.prerender ? { prerender: true } : {}),
        ...(page.scriptsOnPress ? { scriptsOnPress: true } : {}),
      };
    }
    return { scripts: [] };
  };
}
