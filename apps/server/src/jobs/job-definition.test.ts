import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually } from '../../test/test-app';
import { defineJob } from './job-definition';

describe('a job sent in the process that works its queue', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('starts at once, and those queued behind it follow, none waiting for the worker’s next poll', async () => {
    const { jobs } = ctx.app.services;
    const probe = defineJob<{ n: number }>({ queue: 'wake-probe', retryLimit: 0, retryDelay: 1 });
    await probe.create(jobs);
    const ran: number[] = [];
    // A poll every 10 minutes: the worker looks once when it starts, finds nothing, and would sleep.
    await probe.work(jobs, 600, {
      run: async (data) => {
        ran.push(data.n);
      },
    });
    for (const n of [1, 2, 3]) await probe.send(jobs, { n });
    expect(await eventually(async () => ran.length === 3 && ran, 20_000)).toEqual([1, 2, 3]);
  });
});
