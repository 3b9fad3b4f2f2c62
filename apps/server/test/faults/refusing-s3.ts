import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';

/** s3rver ships no types; this is the part of its API used here. */
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

export const BUCKET = 'rv-files';

/** How the store answers a refused request: S3's own error codes. */
export type Refusal = { status: 403; code: 'AccessDenied' } | { status: 500; code: 'InternalError' } | { status: 503; code: 'SlowDown' };
export const ACCESS_DENIED: Refusal = { status: 403, code: 'AccessDenied' };
export const INTERNAL_ERROR: Refusal = { status: 500, code: 'InternalError' };

export interface StoreRequest {
  method: string;
  /** The object key, or '' for a bucket-level request. */
  key: string;
}

export interface RefusingS3 {
  /** The endpoint to give the app (S3_ENDPOINT). */
  url: string;
  /** The env that points the app's S3 storage at this store. */
  env: Record<string, string>;
  /** Decides, per request, whether the store refuses it (undefined: served normally). */
  refuse(rule: ((request: StoreRequest) => Refusal | undefined) | undefined): void;
  /** Every request that reached the store, refused or not. */
  requests: (StoreRequest & { refused: boolean })[];
  /** The keys the store holds now. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * A real S3-compatible store (s3rver) behind a local proxy that can refuse chosen requests with an S3
 * error, the way a store refuses a write when it is full, misconfigured or failing.
 */
export async function startRefusingS3(): Promise<RefusingS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'rv-fault-s3-'));
  const s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port: storePort } = await s3rver.run();
  let rule: ((request: StoreRequest) => Refusal | undefined) | undefined;
  const requests: RefusingS3['requests'] = [];

  const proxy = createServer((req: IncomingMessage, res) => {
    const pathname = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const key = decodeURIComponent(pathname.replace(new RegExp(`^/${BUCKET}/?`), ''));
    const storeRequest = { method: req.method ?? 'GET', key };
    const refusal = rule?.(storeRequest);
    requests.push({ ...storeRequest, refused: Boolean(refusal) });
    if (refusal) {
      req.resume();
      req.on('end', () =>
        res
          .writeHead(refusal.status, { 'content-type': 'application/xml' })
          .end(
            `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${refusal.code}</Code><Message>refused by the test store</Message><RequestId>fault</RequestId></Error>`,
          ),
      );
      return;
    }
    // The Host header is kept as sent: it is part of the request's signature.
    const headers = { ...req.headers };
    delete headers.expect;
    const upstream = httpRequest({ host: '127.0.0.1', port: storePort, method: req.method, path: req.url, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  const lister = new S3Client({
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${storePort}`,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });

  return {
    url,
    env: { STORAGE: 's3', S3_BUCKET: BUCKET, S3_ENDPOINT: url, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
    refuse: (next) => (rule = next),
    requests,
    async keys() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await lister.send(new ListObjectsV2Command({ Bucket: BUCKET, ContinuationToken: token }));
        keys.push(...(page.Contents ?? []).map((object) => object.Key!));
        token = page.NextContinuationToken;
      } while (token);
      return keys.sort();
    },
    async close() {
      lister.destroy();
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await s3rver.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
