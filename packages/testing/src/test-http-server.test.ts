import { afterEach, beforeEach, expect, test } from 'vitest';
import { startTestHttpServer, type TestHttpServer } from './test-http-server';

let server: TestHttpServer;
beforeEach(async () => {
  server = await startTestHttpServer();
});
afterEach(() => server.close());

test('records JSON and multipart bodies, and answers in order from the script', async () => {
  server.respond({ status: 201, json: { ok: 1 } }, (request) => ({ headers: { 'x-path': request.path }, body: 'second' }));
  const first = await fetch(`${server.url}/a?x=1`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"n":1}' });
  const form = new FormData();
  form.append('name', 'value');
  form.append('file', new Blob([Buffer.from('abc')], { type: 'image/png' }), 'a.png');
  const second = await fetch(`${server.url}/b`, { method: 'POST', body: form });
  const third = await fetch(`${server.url}/c`);

  expect([first.status, await first.json()]).toEqual([201, { ok: 1 }]);
  expect([second.headers.get('x-path'), await second.text()]).toEqual(['/b', 'second']);
  expect(third.status).toBe(599);
  expect(server.requests.map((request) => [request.method, request.path])).toEqual([
    ['POST', '/a'],
    ['POST', '/b'],
    ['GET', '/c'],
  ]);
  expect(server.requests[0]?.query.get('x')).toBe('1');
  expect(server.requests[0]?.json).toEqual({ n: 1 });
  expect(server.requests[1]?.form).toEqual({
    fields: [{ name: 'name', value: 'value' }],
    files: [{ name: 'file', filename: 'a.png', contentType: 'image/png', data: Buffer.from('abc') }],
  });
});
