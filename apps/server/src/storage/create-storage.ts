import path from 'node:path';
import type { Config } from '../config/env';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import type { Storage } from './storage';
import { traceStorage } from './traced-storage';

/** The storage chosen by STORAGE: a folder under DATA_DIR (default) or an S3-compatible store; each call traced. */
export function createStorage(config: Config): Storage {
  if (config.STORAGE === 's3') {
    return traceStorage(
      createS3Storage({
        bucket: config.S3_BUCKET!,
        region: config.S3_REGION,
        endpoint: config.S3_ENDPOINT,
        accessKeyId: config.S3_ACCESS_KEY_ID!,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
      }),
      's3',
    );
  }
  return traceStorage(createLocalStorage(path.join(config.DATA_DIR, 'files')), 'local');
}
