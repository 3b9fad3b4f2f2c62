// The entry of a pixel thread in the built server (apps/server/dist/pixel-worker.js, scripts/build.ts):
// piscina calls the module's default export. From the sources, pixel-worker.mjs does the same through tsx.
import { workPixelTask } from './pixel-tasks';

export default workPixelTask;
