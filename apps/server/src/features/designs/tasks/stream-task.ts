import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Services } from '../../../services';
import { streamWork } from '../event-stream';
import { readDesignTask } from './read-design-task';

/** A task as its stream last read it (undefined once gone). */
export type StreamedTask = Awaited<ReturnType<typeof readDesignTask>>;

/**
 * Follows one task (a refinement or a Fix Room run) over server-sent events (`streamWork`): start, a
 * status event for each new status text, then the event `ended` makes of the task (typed by the route's
 * catalogue entry's events), or `reconnect` when the stream's window is up or this process is stopping.
 * `windowMs`: the spec's own stream keeps its 5 minutes (ADR 066); the others EVENT_STREAM_WINDOW_MS.
 */
export async function streamTask<Events extends Record<string, z.ZodType>>(
  services: Pick<Services, 'database' | 'stopping' | 'config'>,
  request: FastifyRequest,
  reply: FastifyReply,
  taskId: string,
  ended: (task: StreamedTask) => Promise<{ [Name in keyof Events]: [Name, z.input<Events[Name]>] }[keyof Events]>,
  windowMs?: number,
) {
  const { db } = services.database;
  await streamWork<StreamedTask, Events>(request, reply, {
    id: taskId,
    stopping: services.stopping.signal,
    start: ['start', { taskId }] as never,
    read: () => readDesignTask(db, taskId),
    settled: (task) => !task || task.status === 'done' || task.status === 'failed',
    statusOf: async (task) => task?.statusText,
    ended,
    windowMs: windowMs ?? services.config.EVENT_STREAM_WINDOW_MS,
  });
}
