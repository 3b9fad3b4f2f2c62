import path from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

const keeperDir = path.resolve(import.meta.dirname, '../src/lib/press');

/**
 * The page's inline keeper (src/lib/press/press-keeper.ts, docs/press.md) as the few bytes a page runs
 * inline: its module and the press rules it imports bundled into one minified classic script that calls
 * keepPresses(). The keeper's one source is that TypeScript; this is its only build.
 */
export async function buildPressKeeper(): Promise<string> {
  const result = await build({
    stdin: { contents: "import { keepPresses } from './press-keeper';\nkeepPresses();\n", resolveDir: keeperDir, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2022',
    write: false,
    logLevel: 'warning',
  });
  // A script inline in HTML: no `</script` inside it, and no line break at its end (the CSP hashes it as written).
  const script = result.outputFiles[0]!.text.trim();
  if (/<\/script/i.test(script)) throw new Error('the press keeper must not contain </script');
  return script;
}

/**
 * Puts the inline keeper at the top of index.html's <body>, just before #root (the build, and the dev
 * server): every page, rendered by the server or drawn by the browser, keeps a press on what is painted
 * before any script has arrived. The server allows it by its hash (apps/server/src/web/inline-scripts.ts).
 */
export function pressKeeper(): Plugin {
  return {
    name: 'room-visualizer:press-keeper',
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        if (!html.includes('<div id="root">')) throw new Error('index.html has no <div id="root"> for the press keeper');
        const script = await buildPressKeeper();
        return html.replace('<div id="root">', () => `<script>${script}</script><div id="root">`);
      },
    },
  };
}
