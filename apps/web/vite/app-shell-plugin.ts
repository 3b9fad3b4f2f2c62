import { runnerImport, type Plugin } from 'vite';
import type * as AppShellModule from '../src/app/app-shell';

const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * Writes the app shell (src/app/app-shell.tsx: the real site header, rendered as a visitor first sees it)
 * into the built index.html, so every page paints its header as soon as the HTML and CSS arrive, before
 * the scripts. The app waits for its first page to be ready and then replaces it (src/main.tsx).
 */
export function appShell(): Plugin {
  let root = '';
  let alias: Record<string, string> = {};
  return {
    name: 'room-visualizer:app-shell',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      root = config.root;
      alias = Object.fromEntries(
        config.resolve.alias.flatMap((entry) => (typeof entry.find === 'string' ? [[entry.find, entry.replacement]] : [])),
      );
    },
    async transformIndexHtml(html) {
      if (!html.includes(ROOT_ELEMENT)) throw new Error(`app-shell: index.html has no ${ROOT_ELEMENT}`);
      const { module } = await runnerImport<typeof AppShellModule>('/src/app/app-shell.tsx', {
        root,
        configFile: false,
        logLevel: 'error',
        resolve: { alias },
      });
      // The markers let the server put a rendered page in its place (apps/server/src/web/serve-web.ts).
      return html.replace(ROOT_ELEMENT, `<div id="root"><!--app-shell-->${module.renderAppShell()}<!--/app-shell--></div>`);
    },
  };
}
