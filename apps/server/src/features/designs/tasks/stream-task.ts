import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { waitFor } from '../wait-for';
import { readDesignTask } from './read-design-task';

/** How long a refinement stream follows its task. */
const REFINE_STREAM_MS = 5 * 60_000;

/** A task as its stream last read it (undefined once gone). */
export type StreamedTask = Awaited<ReturnType<typeof readDesignTask>>;

/**
 * Follows one task over server-sent events until it ends or the stream's time is up: start, a status
 * event for each new status text, then the event `ended` makes of the task (typed by the route's
 * catalogue entry's events). Every event carries the task id as its SSE id.
 */
export async function streamTask<Events extends Record<string, z.ZodType>>(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  taskId: string,
  ended: (task: StreamedTask) => Promise<{ [Name in keyof Events]: [Name, z.input<Events[Name]>] }[keyof Events]>,
) {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  const send = (event: string, data: unknown) => res.write(`id: ${taskId}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  let open = true;
  request.raw.once('close', () => (open = false));
  send('start', { taskId });
  let lastStatus = '';
  const task = await waitFor({
    read: () => readDesignTask(db, taskId),
    settled: (state) => state?.status === 'done' || state?.status === 'failed',
    until: Date.now() + REFINE_STREAM_MS,
    stop: () => !open,
    seen: (state) => {
      if (state && state.statusText !== lastStatus && state.status !== 'done' && state.status !== 'failed') {
        lastStatus = state.statusText;
        send('status', { message: state.statusText });
      }
    },
  });
  if (open) {
    const [event, data] = await ended(task);
    send(String(event), data);
  }
  res.end();
}
