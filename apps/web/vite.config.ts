import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { appShell } from './vite/app-shell-plugin.ts';
import { pagePreloads } from './vite/page-preloads-plugin.ts';
import { precompress } from './vite/precompress-plugin.ts';

export default defineConfig(({ isSsrBuild }) => ({
  // The build says what it made in one line (scripts/build-parts.ts), not one line per asset; warnings
  // and errors still show (and a test keeps the build free of warnings: scripts/build-output.test.ts).
  logLevel: 'warn',
  plugins: [react(), tailwindcss(), pagePreloads(), appShell(), precompress()],
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  // The server's renderer takes only the icons the pages use: lucide-react's index, loaded from node_modules,
  // made ~1,600 icon components and held ~2.6 MB of source text in every server process (ADR 030).
  ssr: { noExternal: ['lucide-react'] },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000', '/custom-samples': 'http://localhost:3000' } },
  build: {
    target: 'es2022',
    sourcemap: false,
    // The server's renderer (dist/ssr) needs no copy of public/.
    copyPublicDir: !isSsrBuild,
    // Every browser the app supports preloads modules itself.
    modulePreload: { polyfill: false },
    // The app has one stylesheet, always on the page: linked by index.html, or inlined by the server in a
    // rendered page (ADR 018). Not split per chunk, so no lazy page's import links it again: on a rendered
    // page that fetched it a second time, held the page's code until it had loaded, and restyled the page.
    cssCodeSplit: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
              priority: 20,
            },
            { name: 'icons', test: /node_modules[\\/]lucide-react/ },
            { name: 'data', test: /node_modules[\\/]@tanstack/ },
          ],
        },
      },
    },
  },
}));
