import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { LAYOUT_MODULE_FILE, pageModuleFile, pageRoutes, START_MODULE_FILE } from '../src/app/page-routes.ts';

/** What the build tells the server about each page: the scripts and the API call to preload in its HTML. */
interface PagePreload {
  path: string;
  scripts: string[];
  data?: string;
  prerender?: true;
  scriptsOnPress?: true;
}
const PAGE_PRELOADS_FILE = 'page-preloads.json';

/**
 * Writes dist/page-preloads.json: for every page pattern, the chunk of its page module (and of the layout
 * it sits in, and the one that starts React) with every chunk those import, minus what the entry script
 * already brings, each chunk listed before every chunk it imports.
 */
export function pagePreloads(): Plugin {
  let root = '';
  return {
    name: 'room-visualizer:page-preloads',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const bySource = new Map(chunks.filter((chunk) => chunk.facadeModuleId).map((chunk) => [chunk.facadeModuleId!, chunk]));
      const importsOf = (fileName: string) => byFile.get(fileName)?.imports ?? [];
      const loadedByEntry = new Set(
        importersFirst(
          chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName),
          importsOf,
        ),
      );
      const chunkOf = (sourceFile: string) => {
        const chunk = bySource.get(path.join(root, sourceFile));
        if (!chunk) throw new Error(`page-preloads: no chunk for ${sourceFile}`);
        return chunk.fileName;
      };
      const preloads: PagePreload[] = pageRoutes.map((route) => {
        const roots = [START_MODULE_FILE, ...(route.inLayout ? [LAYOUT_MODULE_FILE] : []), pageModuleFile(route.page)].map(chunkOf);
        const scripts = importersFirst(roots, importsOf)
          .filter((file) => !loadedByEntry.has(file))
          .map((file) => `/${file}`);
        return {
          path: route.path,
          scripts,
          ...(route.data ? { data: route.data } : {}),
          ...(route.prerender ? { prerender: true } : {}),
          ...(route.scriptsOnPress ? { scriptsOnPress: true } : {}),
        };
      });
      this.emitFile({ type: 'asset', fileName: PAGE_PRELOADS_FILE, source: JSON.stringify(preloads, null, 1) });
    },
  };
}

/**
 * The chunks `roots` need (themselves and all they import, transitively), each listed before every chunk it
 * imports. The first script runs a page's list from its end (apps/web/src/main.tsx): each import then runs
 * that one chunk, what it imports having run before, a task each. (A list in the order the chunks are
 * first met, an importer before its imports, is not one: a chunk met again later, under another importer,
 * would run inside that importer's task.)
 */
export function importersFirst(roots: readonly string[], importsOf: (fileName: string) => readonly string[]): string[] {
  const importsBefore: string[] = [];
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    for (const imported of importsOf(fileName)) visit(imported);
    importsBefore.push(fileName);
  };
  for (const root of roots) visit(root);
  return importsBefore.toReversed();
}
