import { Readable } from 'node:stream';
import { loadOnce } from '../lib/load-once';
import { isStorageKey, type Storage } from './storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** For an S3-compatible store (MinIO, R2, …); unset for AWS. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** bucket in the path rather than the host name; defaults to true when an endpoint is given. */
  forcePathStyle?: boolean;
}

/** Our files as objects in one bucket of any S3-compatible store, under the same server-made keys. */
export function createS3Storage(options: S3StorageOptions): Storage {
  const connect = loadOnce(async () => {
    const sdk = await import('@aws-sdk/client-s3');
    const client = new sdk.S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      // Checksums only where S3 requires them: several S3-compatible stores reject the newer defaults.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    return { sdk, client };
  });
  const Bucket = options.bucket;
  const checked = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`Refused storage key: ${key}`);
    return key;
  };
  return {
    async put(key, body, contentType) {
      const { sdk, client } = await connect();
      await client.send(
        new sdk.PutObjectCommand({ Bucket, Key: checked(key), Body: body, ContentType: contentType, ContentLength: body.length }),
      );
    },
    async get(key) {
      const { sdk, client } = await connect();
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key: checked(key) }));
        if (!(object.Body instanceof Readable)) throw new Error(`No body for storage key: ${key}`);
        return {
          body: object.Body,
          size: object.ContentLength ?? 0,
          contentType: object.ContentType ?? 'application/octet-stream',
          etag: object.ETag ?? '',
        };
      } catch (error) {
        // Only a missing key is "not found": a missing bucket (also a 404) is a configuration fault and throws.
        if (error instanceof sdk.NoSuchKey || (error instanceof sdk.S3ServiceException && error.name === 'NotFound')) return null;
        throw error;
      }
    },
    async delete(key) {
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: checked(key) }));
    },
    async *list() {
      const { sdk, client } = await connect();
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new sdk.ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
