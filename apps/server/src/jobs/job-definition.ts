import { EngineError } from '../engines/image-engine';
import { contextFrom, inSpan, SpanKind, traceCarrier } from '../lib/tracing';
import type { JobServices } from './job-services';
import { attemptSignal, giveBack, stopSignalOf, type JobQueue } from './job-queue';

/**
 * One job's queue, written once: its pg-boss settings, how a job is sent, and how it is worked. Every
 * queue of the app is one of these (generation, design tasks, mail).
 */
export interface JobDefinition<Data extends object> {
  queue: string;
  retryLimit: number;
  /** Seconds before a retry (doubled each time with `retryBackoff`). */
  retryDelay: number;
  retryBackoff?: boolean;
  /** pg-boss's queue policy; 'short' keeps at most one job of a key waiting (one may run beside it). */
  policy?: 'short';
  /** The job's key when it must be queued once (the design or task id), from its data. */
  singletonKey?: (data: Data) => string;
  /**
   * For long work whose attempts expire (JOB_EXPIRY_SECONDS): the dead-letter queue that receives a job
   * that failed for good without its handler saying so (its worker died on the last try). pg-boss moves
   * it there; `work`'s `lost` handles it.
   */
  deadLetter?: string;
}

export interface DefinedJob<Data extends object> {
  readonly queue: string;
  readonly deadLetter: string | undefined;
  /** Creates the queue (and its dead-letter queue), or applies the settings again to one that exists. */
  create(jobs: JobQueue, expireInSeconds?: number): Promise<void>;
  send(jobs: JobQueue, data: Data): Promise<void>;
  work(jobs: JobQueue, pollingIntervalSeconds: number, handlers: JobHandlers<Data>): Promise<void>;
}

export interface JobHandlers<Data extends object> {
  /** One attempt; its signal ends (aborts) at 80% of the attempt's expiry. */
  run(data: Data, signal: AbortSignal, attempt: number): Promise<void>;
  /**
   * Called instead of another attempt when this one failed for good: an engine's error that is not
   * worth retrying, or any error on the last try. Without it, every failure goes back to pg-boss.
   */
  failed?(data: Data, error: unknown): Promise<void>;
  /** The dead-letter queue's job: an attempt lost for good (its worker died on the last try). */
  lost?(data: Data): Promise<void>;
}

/**
 * The workers this process runs, by job queue and queue name: a job sent here wakes them at once instead of
 * waiting for their next poll (pg-boss's notifyWorker), so the embedded process starts a design, a mail or a
 * refinement as soon as it is asked for. Workers in other processes find it at their next poll.
 */
const localWorkers = new WeakMap<JobQueue, Map<string, string[]>>();

function addLocalWorker(jobs: JobQueue, queue: string, workerId: string) {
  const byQueue = localWorkers.get(jobs) ?? new Map<string, string[]>();
  localWorkers.set(jobs, byQueue);
  byQueue.set(queue, [...(byQueue.get(queue) ?? []), workerId]);
}

function wakeLocalWorkers(jobs: JobQueue, queue: string) {
  for (const workerId of localWorkers.get(jobs)?.get(queue) ?? []) jobs.notifyWorker(workerId);
}

/** Every work loop this process started on a job queue (dead-letter ones too), so that a stop ends them all. */
const allWorkers = new WeakMap<JobQueue, string[]>();

function addWorker(jobs: JobQueue, workerId: string) {
  allWorkers.set(jobs, [...(allWorkers.get(jobs) ?? []), workerId]);
}

/**
 * The first step of a stop (ADR 066): this process takes no new job; those running go on (until
 * `endRunningAttempts` cuts them short and they are given back).
 */
export async function stopTakingWork(jobs: JobQueue): Promise<void> {
  await Promise.all((allWorkers.get(jobs) ?? []).map((id) => jobs.offWork({ id }).catch(() => undefined)));
}

/**
 * The field of a job's data that carries the trace it was sent in (W3C headers; ADR 059), when one is
 * being made: the job's span in the worker is a child of the span that sent it. The handlers never read it.
 */
const TRACE_FIELD = 'trace';

const messaging = (queue: string) => ({ 'messaging.system': 'pg-boss', 'messaging.destination.name': queue });

/** The span a job's work runs in: a child of the one that sent it (its data's carrier), else a trace of its own. */
function inJobSpan(queue: string, data: object, attributes: Record<string, string | number>, work: () => Promise<void>) {
  const carried = TRACE_FIELD in data ? data[TRACE_FIELD] : undefined;
  return inSpan(
    `process ${queue}`,
    { kind: SpanKind.CONSUMER, parent: contextFrom(carried), attributes: { ...messaging(queue), ...attributes } },
    work,
  );
}

/** Jobs whose attempts expire have this long when no expiry is given (pg-boss's own default is 15 minutes). */
const DEAD_LETTER_EXPIRY_SECONDS = 60;

export function defineJob<Data extends object>(definition: JobDefinition<Data>): DefinedJob<Data> {
  const { queue, deadLetter, singletonKey } = definition;
  const settings = {
    retryLimit: definition.retryLimit,
    retryDelay: definition.retryDelay,
    ...(definition.retryBackoff ? { retryBackoff: true } : {}),
    ...(definition.policy ? { policy: definition.policy } : {}),
  };
  return {
    queue,
    deadLetter,
    async create(jobs, expireInSeconds) {
      if (deadLetter)
        await jobs.createQueue(deadLetter, { name: deadLetter, retryLimit: 5, retryDelay: 5, expireInSeconds: DEAD_LETTER_EXPIRY_SECONDS });
      const options = {
        name: queue,
        ...settings,
        ...(expireInSeconds ? { expireInSeconds } : {}),
        ...(deadLetter ? { deadLetter } : {}),
      };
      await jobs.createQueue(queue, options);
      // createQueue leaves an existing queue as it was: the settings are applied again.
      if (deadLetter || expireInSeconds) await jobs.updateQueue(queue, options);
    },
    async send(jobs, data) {
      await inSpan(`send ${queue}`, { kind: SpanKind.PRODUCER, attributes: messaging(queue) }, async () => {
        const trace = traceCarrier();
        const carried = Object.keys(trace).length ? { ...data, [TRACE_FIELD]: trace } : data;
        await jobs.send(queue, carried, singletonKey ? { singletonKey: singletonKey(data) } : {});
      });
      wakeLocalWorkers(jobs, queue);
    },
    async work(jobs, pollingIntervalSeconds, handlers) {
      const worker: { id?: string } = {};
      const stop = stopSignalOf(jobs);
      worker.id = await jobs.work<Data>(queue, { pollingIntervalSeconds, includeMetadata: true }, async ([job]) => {
        if (!job) return;
        await inJobSpan(queue, job.data, { 'messaging.message.id': job.id, 'job.attempt': job.retryCount + 1 }, async () => {
          try {
            await handlers.run(job.data, AbortSignal.any([attemptSignal(job.expireInSeconds), stop]), job.retryCount + 1);
          } catch (error) {
            // This process is stopping (ADR 066): the attempt was cut short, and the job goes back, uncounted.
            if (stop.aborted) {
              await giveBack(jobs, queue, job.id);
              return;
            }
            const retryable = !(error instanceof EngineError) || error.retryable;
            if (!handlers.failed || (retryable && job.retryCount < job.retryLimit)) throw error;
            await handlers.failed(job.data, error);
          }
        });
        // A job done, the worker looks for the next at once (pg-boss would sleep a whole poll first): the
        // queue drains, and the worker sleeps only when it found nothing. An attempt that throws goes back
        // to pg-boss for its retry, and the worker sleeps its poll as before.
        if (worker.id) jobs.notifyWorker(worker.id);
      });
      addLocalWorker(jobs, queue, worker.id);
      addWorker(jobs, worker.id);
      const { lost } = handlers;
      if (deadLetter && lost)
        addWorker(
          jobs,
          await jobs.work<Data>(deadLetter, { pollingIntervalSeconds }, async ([job]) => {
            if (job) await inJobSpan(deadLetter, job.data, { 'messaging.message.id': job.id }, () => lost(job.data));
          }),
        );
    },
  };
}

/** The dead-letter queue of an engine job's queue. */
export const deadLetterOf = (queue: string) => `${queue}-failed`;

/**
 * A job that calls the engines for one design or task, keyed by its id (so it is queued once): two more
 * tries with a growing wait, attempts that expire (JOB_EXPIRY_SECONDS), and a dead-letter queue
 * (`deadLetterOf(queue)`) for an attempt lost for good.
 */
export function defineEngineJob<Key extends string>(queue: string, key: Key, retryDelay: number): EngineJob<Key> {
  const job = defineJob<Record<Key, string>>({
    queue,
    retryLimit: 2,
    retryDelay,
    retryBackoff: true,
    singletonKey: (data) => data[key],
    deadLetter: deadLetterOf(queue),
  });
  return { ...job, key };
}

export interface EngineJob<Key extends string> extends DefinedJob<Record<Key, string>> {
  /** The data's one field: the id of the design or task the job works on. */
  readonly key: Key;
}

/** What an engine job runs, handed in by the composition root (jobs import no operation). */
export interface EngineJobOperations {
  run(id: string, signal: AbortSignal): Promise<void>;
  /** Ends the design or task for good, with what the user is told (none: the operation's own words). */
  fail(id: string, message?: string): Promise<void>;
}

/** What an engine job logs and tells: the log lines of an attempt and of a lost one, and the user's messages. */
export interface EngineJobTexts {
  working: string;
  lost: string;
  /** What the user is told when an attempt failed for good with `error`; and when one was lost. */
  failedMessage(error: unknown): string | undefined;
  lostMessage?: string;
}

/** Works an engine job: each attempt runs the operation; one that failed or was lost for good ends it. */
export async function workEngineJob<Key extends string>(
  job: EngineJob<Key>,
  texts: EngineJobTexts,
  services: Pick<JobServices, 'jobs' | 'log'>,
  operations: EngineJobOperations,
  pollingIntervalSeconds: number,
): Promise<void> {
  await job.work(services.jobs, pollingIntervalSeconds, {
    async run(data, signal, attempt) {
      services.log.info({ [job.key]: data[job.key], attempt }, texts.working);
      await operations.run(data[job.key], signal);
    },
    failed: (data, error) => operations.fail(data[job.key], texts.failedMessage(error)),
    async lost(data) {
      services.log.warn({ [job.key]: data[job.key] }, texts.lost);
      await operations.fail(data[job.key], texts.lostMessage);
    },
  });
}
