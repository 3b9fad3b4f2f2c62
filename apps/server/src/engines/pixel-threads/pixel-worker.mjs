// The entry of a pixel thread (pixel-pool.ts). A worker thread does not share the main thread's
// TypeScript loader (tsx under `npm start` and `npm run worker`, vitest's transform in tests), so it
// registers tsx itself before it loads the tasks.
import { register } from 'tsx/esm/api';

register();
const tasks = import('./pixel-tasks.ts');

/** @param {import('./pixel-messages').PixelTaskRequest} request */
export default async function work(request) {
  return (await tasks).workPixelTask(request);
}
