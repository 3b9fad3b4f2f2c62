import path from 'node:path';
import type { Config } from '../config/env';
import { createLocalStorage } from './local-storage';
import type { Storage } from './storage';

export function createStorage(config: Config): Storage {
  if (config.STORAGE === 's3') throw new Error('STORAGE=s3 is not available in this build yet; use STORAGE=local');
  return createLocalStorage(path.join(config.DATA_DIR, 'files'));
}
