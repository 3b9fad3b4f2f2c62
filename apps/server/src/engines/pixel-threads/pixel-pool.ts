import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { EngineError } from '../image-engine';
import { withBuffers, type PixelTaskAnswer, type PixelTaskRequest } from './pixel-messages';
import type { PixelTasks } from './pixel-tasks';

/**
 * The pixel threads (piscina): per-pixel JavaScript (the local engine's grading and compositing,
 * palettes, fidelity edge maps) runs on them, not on the main thread, so the event loop goes on serving
 * requests while an image is worked on (ADR 012). One pool per process, started by its first task.
 */

/**
 * The thread's entry: in the built server (a .js chunk in dist/) the bundled pixel-worker.js; from the
 * sources (tsx, vitest) pixel-worker.mjs, which registers tsx in the thread first.
 */
const WORKER_FILE = fileURLToPath(new URL(import.meta.url.endsWith('.js') ? './pixel-worker.js' : './pixel-worker.mjs', import.meta.url));
/**
 * One thread: on two cores the main thread and libvips need the other; a second thread made the event loop
 * no quicker and the process ~60 MB bigger (ADR 012). A local engine call holds its image slot
 * (uploads/image-slots.ts) while it waits for the thread and while it runs.
 */
const THREADS = 1;
/** A thread idle this long ends and gives its memory back; the next task starts one again (~0.2 s). */
const IDLE_MS = 60_000;
/** Pixel threads run at a lower priority (Linux nice) than the main thread, which serves requests first when both want a core. */
const NICE_INCREMENT = 19;

let pool: Piscina | undefined;

/**
 * Runs a task of pixel-tasks.ts on a pixel thread. Arguments are copied there; the typed arrays of the
 * answer are handed back without a copy. An EngineError thrown there is thrown here as one. When `signal`
 * aborts, a task not yet started is dropped and a running one's thread is ended, and the call fails with
 * the signal's reason.
 */
export async function runPixelTask<K extends keyof PixelTasks>(
  task: K,
  args: Parameters<PixelTasks[K]>,
  signal?: AbortSignal,
): Promise<Awaited<ReturnType<PixelTasks[K]>>> {
  pool ??= new Piscina({
    filename: WORKER_FILE,
    minThreads: 0,
    maxThreads: THREADS,
    idleTimeout: IDLE_MS,
    niceIncrement: NICE_INCREMENT,
  });
  const request: PixelTaskRequest = { task, args };
  let answer: PixelTaskAnswer;
  try {
    answer = (await pool.run(request, signal ? { signal } : {})) as PixelTaskAnswer;
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    throw error;
  }
  if ('engineError' in answer) {
    const { message, retryable, status } = answer.engineError;
    throw new EngineError(message, retryable, status);
  }
  return withBuffers(answer.value) as Awaited<ReturnType<PixelTasks[K]>>;
}

/** Ends the pixel threads (tasks still running fail); called when the process closes its services. */
export async function closePixelPool(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.destroy();
}
