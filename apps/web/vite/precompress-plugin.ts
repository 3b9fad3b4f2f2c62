import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Writes a Brotli (quality 11) and a gzip (level 9) copy next to every script, stylesheet and SVG of the
 * build, which the server sends as they are (@fastify/static's preCompressed) instead of compressing
 * each answer on the fly at a lower level: the first visit's scripts are some 15% smaller.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'room-visualizer:precompress',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      for (const dir of [path.join(outDir, 'assets'), outDir]) {
        for (const name of readdirSync(dir)) {
          if (!/\.(js|css|svg)$/.test(name)) continue;
          const file = path.join(dir, name);
          const source = readFileSync(file);
          writeFileSync(`${file}.br`, brotliCompressSync(source, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
          writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
        }
      }
    },
  };
}
