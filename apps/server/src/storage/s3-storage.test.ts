import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createS3Storage, type S3StorageOptions } from './s3-storage';
import type { Storage } from './storage';

/** s3rver ships no types; this is the part of its API the test uses. */
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

let directory: string;
let s3rver: S3rverInstance;
let storage: Storage;
let options: S3StorageOptions;

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'rv-s3-'));
  s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: 'rv-files', configs: [] }] });
  const { port } = await s3rver.run();
  options = {
    bucket: 'rv-files',
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
  storage = createS3Storage(options);
});
afterAll(async () => {
  await s3rver.close();
  await rm(directory, { recursive: true, force: true });
});

test('put, get and delete round trip, with the type, size and ETag', async () => {
  const body = Buffer.from('a room photo, honest');
  await storage.put('designs/abc/result-1.webp', body, 'image/webp');
  const object = await storage.get('designs/abc/result-1.webp');
  expect(object).not.toBeNull();
  expect(object?.contentType).toBe('image/webp');
  expect(object?.size).toBe(body.length);
  expect(object?.etag).toMatch(/^"[0-9a-f]{32}"$/);
  expect(await buffer(object!.body)).toEqual(body);

  await storage.delete('designs/abc/result-1.webp');
  expect(await storage.get('designs/abc/result-1.webp')).toBeNull();
});

test('a missing key is null; deleting it is no error', async () => {
  expect(await storage.get('designs/none/missing.webp')).toBeNull();
  await expect(storage.delete('designs/none/missing.webp')).resolves.toBeUndefined();
});

test('a missing bucket is an error, not a missing file', async () => {
  const wrongBucket = createS3Storage({ ...options, bucket: 'no-such-bucket' });
  await expect(wrongBucket.get('designs/a.webp')).rejects.toThrow(/bucket/i);
});

test('overwriting a key replaces the object and its ETag', async () => {
  await storage.put('avatars/u1.webp', Buffer.from('one'), 'image/webp');
  const first = await storage.get('avatars/u1.webp');
  await buffer(first!.body);
  await storage.put('avatars/u1.webp', Buffer.from('two!'), 'image/png');
  const second = await storage.get('avatars/u1.webp');
  expect(await buffer(second!.body)).toEqual(Buffer.from('two!'));
  expect(second?.contentType).toBe('image/png');
  expect(second?.etag).not.toBe(first?.etag);
});

test('refuses keys the server could not have made', async () => {
  for (const key of ['../etc/passwd', 'a/../b', '/abs', 'with space.webp', 'query?.webp', 'a//b', '']) {
    await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow('Refused storage key');
    await expect(storage.get(key)).rejects.toThrow('Refused storage key');
    await expect(storage.delete(key)).rejects.toThrow('Refused storage key');
  }
});
