import { createServer, type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@rv/contracts/messages';
import { SEND_MAIL_QUEUE } from '../../src/jobs/send-mail-job';
import { cookieHeader, createUser, decodeQuotedPrintable } from '../fixtures';
import { createTestApp, eventually, TEST_ORIGIN } from '../test-app';
import { expectStillServing, withoutRetryWaits } from './fault-fixtures';

/** A port on 127.0.0.1 that nothing listens on (yet). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The real SMTP mailer, through the real app, pointed at a mail server that is down and then comes up. */
describe('faults: the mail server is down', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let port: number;
  let smtp: SMTPServer | undefined;
  const received: { to: string[]; raw: string }[] = [];

  beforeAll(async () => {
    port = await closedPort();
    ctx = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Room Visualizer <no-reply@example.com>' });
  });
  afterAll(async () => {
    await ctx?.close();
    if (smtp) await new Promise<void>((resolve) => smtp!.close(() => resolve()));
  });

  const db = () => ctx.app.services.database.db;
  /** The send-mail jobs to one address, as pg-boss keeps them. */
  const mailJobs = async (to: string) =>
    (
      await ctx.app.services.database.executeSql(
        `select state, retry_count as "retryCount" from pgboss.job where name = $1 and data->>'to' = $2`,
        [SEND_MAIL_QUEUE, to],
      )
    ).rows as { state: string; retryCount: number }[];

  it('a sign-in link asked for while the mail server is down: answered honestly, retried, delivered once it is back', async () => {
    // As designed: five retries with growing waits, so an outage of a few minutes loses no mail.
    expect(await ctx.app.services.jobs.getQueue(SEND_MAIL_QUEUE)).toMatchObject({ retryLimit: 5, retryBackoff: true });
    await withoutRetryWaits(ctx.app.services.jobs, SEND_MAIL_QUEUE);
    const { email } = await createUser(db());

    // The request only queues the mail: it answers at once with the spec's confirmation, not an error.
    const res = await ctx.app.inject({ method: 'POST', url: '/api/request-signin', headers: { origin: TEST_ORIGIN }, payload: { email } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.auth.checkYourEmail });

    // The job fails against the closed port and is retried; meanwhile the app keeps serving.
    const retrying = await eventually(async () => {
      const [job] = await mailJobs(email);
      return job && job.retryCount >= 2 ? job : undefined;
    }, 15_000);
    expect(['created', 'retry', 'active']).toContain(retrying.state);
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);

    // The mail server comes up on that port: the next retry delivers the link.
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp!.listen(port, '127.0.0.1', resolve));
    const done = await eventually(async () => {
      const [job] = await mailJobs(email);
      return job?.state === 'completed' ? job : undefined;
    }, 15_000);
    expect(done.retryCount).toBeGreaterThanOrEqual(2);
    expect(received.filter((mail) => mail.to.includes(email))).toHaveLength(1);

    // The delivered link signs the user in.
    const link = decodeQuotedPrintable(received[0]!.raw)
      .match(/https?:\/\/[^\s"<>]+\/process-login\?[^\s"<>]+/)?.[0]
      ?.replaceAll('&amp;', '&');
    const token = new URL(link!).searchParams.get('token');
    const login = await ctx.app.inject({ method: 'POST', url: '/api/login', headers: { origin: TEST_ORIGIN }, payload: { email, token } });
    expect(login.statusCode).toBe(200);
    await expectStillServing(ctx.app, cookieHeader(login.headers['set-cookie'] as string[] | string | undefined));
  });
});
