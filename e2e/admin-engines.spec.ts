import path from 'node:path';
import { messages } from '@rv/contracts/messages';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { openDatabase } from '../apps/server/src/db/client';
import { drawRoom } from '@rv/testing/test-rooms';
import { startTestHttpServer, type RecordedRequest, type TestHttpServer } from '@rv/testing/test-http-server';
import { createUser } from '../apps/server/test/fixtures';
import { startSeededServer, type SeededServer } from './seeded-server';

const PASSWORD = 'admin-engines-e2e-password';
const ADMIN = 'engines.admin@example.com';
const SUBSCRIBER = 'engines.subscriber@example.com';

test.describe.configure({ mode: 'default' });

let standIn: TestHttpServer;
let server: SeededServer;

// The OpenAI image service as a local stand-in: the first design gets its images (with a usage large
// enough to cost more than the plan's price), then the model is gone (404 model_not_found).
test.beforeAll(async () => {
  test.setTimeout(180_000);
  standIn = await startTestHttpServer();
  const image = await sharp(await drawRoom({ width: 480, height: 360 }))
    .png()
    .toBuffer();
  let answered = 0;
  standIn.respond(
    ...Array.from({ length: 50 }, () => (request: RecordedRequest) => {
      if (answered++ === 0) {
        const n = Number(request.form?.fields.find((field) => field.name === 'n')?.value ?? 1);
        return {
          json: {
            created: 1_760_000_000,
            output_format: 'png',
            data: Array.from({ length: n }, () => ({ b64_json: image.toString('base64') })),
            usage: {
              input_tokens: 50_000,
              input_tokens_details: { text_tokens: 20_000, image_tokens: 30_000 },
              output_tokens: 420_000,
              total_tokens: 470_000,
            },
          },
        };
      }
      return {
        status: 404,
        json: {
          error: {
            message: 'The model `gpt-image-2` does not exist or you do not have access to it.',
            type: 'invalid_request_error',
            param: null,
            code: 'model_not_found',
          },
        },
      };
    }),
  );
  server = await startSeededServer(
    'admin-engines',
    async (dataDir) => {
      const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
      await createUser(database.db, { email: ADMIN, role: 'admin', password: PASSWORD });
      await createUser(database.db, { email: SUBSCRIBER, password: PASSWORD });
      await database.close();
    },
    { IMAGE_ENGINE: 'openai', OPENAI_API_KEY: 'test-openai-key', OPENAI_BASE_URL: `${standIn.url}/v1`, OPENAI_IMAGE_MODEL: 'gpt-image-2' },
  );
});
test.afterAll(async () => {
  await server?.stop();
  await standIn?.close();
});

const at = (pathname: string) => `${server.url}${pathname}`;

test('an admin sees the engine that failed, the cause in the service’s words, the failed share, and what a subscriber costs next to what they pay', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const room = {
    name: 'room.jpg',
    mimeType: 'image/jpeg',
    buffer: await sharp(await drawRoom({ width: 480, height: 360 }))
      .jpeg()
      .toBuffer(),
  };

  // The subscriber makes two designs: the first is made, the second fails with our words, credit back.
  const subscriber = await browser.newPage();
  expect((await subscriber.request.post(at('/api/login/password'), { data: { email: SUBSCRIBER, password: PASSWORD } })).status()).toBe(
    200,
  );
  for (const attempt of [1, 2]) {
    await subscriber.goto(at('/furnishing-decorating'));
    await subscriber.getByLabel('Room photo').setInputFiles(room);
    await subscriber.getByLabel('Style', { exact: true }).fill('warm japandi');
    await subscriber.getByText('Architectural Changes').click();
    await subscriber.getByRole('radio', { name: 'No' }).check();
    await subscriber.getByRole('button', { name: 'Create My Room Makeover' }).click();
    if (attempt === 1) {
      await expect(subscriber).toHaveURL(/\/furnishing-decorating\/design\/[\w-]+$/, { timeout: 60_000 });
    } else {
      await expect(subscriber.getByText(messages.tools.processDesignFailed)).toBeVisible({ timeout: 60_000 });
      await expect(
        subscriber.getByText('The image service is not available right now. Please try again later. Your credit has been returned.'),
      ).toBeVisible();
      await expect(subscriber.getByText('does not exist')).toHaveCount(0);
    }
  }

  // The admin's dashboard.
  const admin = await browser.newPage();
  expect((await admin.request.post(at('/api/login/password'), { data: { email: ADMIN, password: PASSWORD } })).status()).toBe(200);
  await admin.goto(at('/admin-dashboard'));
  const engines = admin.getByRole('region', { name: 'Engines and costs' });
  await expect(engines.getByRole('heading', { name: 'Image engine: openai' })).toBeVisible({ timeout: 30_000 });
  await expect(engines.getByText('Model gpt-image-2 through')).toBeVisible();
  await expect(engines.getByText(/^Last failure: .+ \(redesign, gpt-image-2\)$/)).toBeVisible();
  await expect(engines.getByText('Cause: The model `gpt-image-2` does not exist or you do not have access to it.')).toBeVisible();
  await expect(engines.getByText('Designs in the last 24 hours: 2, failed: 1 (50%)')).toBeVisible();
  // In: 20,000 text tokens at $5 / M and 30,000 image tokens at $8 / M; out: 420,000 at $30 / M: $12.94 for the one design made.
  await expect(engines.getByText(/2 designs, \$12\.94 in all, \$6\.47 per design/)).toBeVisible();
  const row = engines.getByRole('row', { name: new RegExp(SUBSCRIBER) });
  await expect(row).toContainText('$12.94 (costs more than they pay)');
  await expect(row).toContainText('$12.00');

  // The real check, on the admin's press (ADR 036): the stand-in's model is gone, and the card says so in the service's words.
  const editsBefore = standIn.requests.filter((request) => request.path === '/v1/images/edits').length;
  await engines.getByRole('button', { name: 'Run the real check' }).click();
  await expect(admin.getByText('Real check: image engine failed. See the engine cards.')).toBeVisible({ timeout: 60_000 });
  await expect(engines.getByText(/^Real check .+: failed$/)).toBeVisible();
  await expect(
    engines.getByText('The service: The model `gpt-image-2` does not exist or you do not have access to it. (HTTP 404)'),
  ).toBeVisible();
  expect(standIn.requests.filter((request) => request.path === '/v1/images/edits').length).toBe(editsBefore + 1);
});
