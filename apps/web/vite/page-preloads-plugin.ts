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
 * already brings.
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
      const withImports = (fileName: string, into: Set<string>) => {
        if (into.has(fileName)) return into;
        into.add(fileName);
        for (const imported of byFile.get(fileName)?.imports ?? []) withImports(imported, into);
        return into;
      };
      const loadedByEntry = new Set<string>();
      for (const chunk of chunks) if (chunk.isEntry) withImports(chunk.fileName, loadedByEntry);
      const chunkOf = (sourceFile: string) => {
        const chunk = bySource.get(path.join(root, sourceFile));
        if (!chunk) throw new Error(`page-preloads: no chunk for ${sourceFile}`);
        return chunk.fileName;
      };
      const preloads: PagePreload[] = pageRoutes.map((route) => {
        const files = new Set<string>();
        withImports(chunkOf(START_MODULE_FILE), files);
        if (route.inLayout) withImports(chunkOf(LAYOUT_MODULE_FILE), files);
        withImports(chunkOf(pageModuleFile(route.page)), files);
        const scripts = [...files].filter((file) => !loadedByEntry.has(file)).map((file) => `/${file}`);
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
