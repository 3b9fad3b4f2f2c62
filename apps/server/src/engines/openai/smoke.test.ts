import { test } from 'vitest';
import { startTestHttpServer } from '../remote/test-http-server';
import { makeImage, makeRedesignInput } from '../remote/test-fixtures';
import { createOpenAiImageEngine } from './openai-image-engine';
import { createOpenAiVisionEngine } from './openai-vision-engine';

test('smoke', async () => {
  const server = await startTestHttpServer();
  const png = await makeImage(8, 6);
  server.respond({
    headers: { 'x-request-id': 'req_1' },
    json: { created: 1, output_format: 'png', data: [{ b64_json: png.toString('base64') }] },
  });
  server.respond({
    json: {
      id: 'c1',
      object: 'chat.completion',
      created: 1,
      model: 'm',
      choices: [
        {
          index: 0,
          finish_reason: 'stop',
          message: { role: 'assistant', content: '{"changes":[],"colours":[],"materials":[]}', refusal: null },
        },
      ],
    },
  });
  const engine = createOpenAiImageEngine({ apiKey: 'k', baseUrl: `${server.url}/v1` });
  const result = await engine.redesign(await makeRedesignInput(), { requestKey: 'job1' });
  const r = server.requests[0]!;
  console.log(r.method, r.path, JSON.stringify(r.headers));
  console.log(JSON.stringify(r.form, (k, v) => (k === 'data' ? `<${v?.data?.length}>` : v), 1));
  console.log(result.providerRequestId, result.images.length, result.images[0]?.mimeType);
  const v = createOpenAiVisionEngine({ apiKey: 'k', baseUrl: `${server.url}/v1` });
  console.log(await v.interpretTweak({ text: 'x', scope: 'tweak' }));
  console.log(JSON.stringify(server.requests[1]!.json, null, 1), server.requests[1]!.path);
  await server.close();
});
