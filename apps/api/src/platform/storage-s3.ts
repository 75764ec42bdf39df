import type * as S3 from '@aws-sdk/client-s3';
import type { ObjectStorageConfig } from '../config';
import { assertSafeKey, type Storage } from './storage';

/**
 * Uploads in an S3-compatible bucket (AWS S3, MinIO, R2, Ceph…), so several API machines serve the same files. The
 * bucket stays private: every download still goes through the API's signed, access-checked file URL, which streams
 * the bytes read here. Keys live under the configured prefix, so one bucket can hold several deployments.
 */
export interface ObjectStorage extends Storage {
  /** The stored object's size in bytes, or null when there is none (storage:migrate skips what is already there). */
  sizeOf(key: string): Promise<number | null>;
}

/** S3 answers that mean "no such object" (GetObject says NoSuchKey, HeadObject a bare 404), never a missing bucket. */
function isMissing(err: unknown) {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  if (e?.name === 'NoSuchBucket') return false;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

export function s3Storage(c: ObjectStorageConfig): ObjectStorage {
  // The SDK takes a few hundred milliseconds to load: only a deployment that uses a bucket pays for it, once.
  let loaded: Promise<{ sdk: typeof S3; client: S3.S3Client }> | undefined;
  const s3 = () =>
    (loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: c.region,
        ...(c.endpoint
          ? {
              endpoint: c.endpoint,
              // S3-compatible stores are addressed by path (http://host/bucket/key), not by a bucket subdomain, and
              // several of them refuse the checksums newer SDKs add to every request unless asked.
              forcePathStyle: true,
              requestChecksumCalculation: 'WHEN_REQUIRED' as const,
              responseChecksumValidation: 'WHEN_REQUIRED' as const,
            }
          : {}),
        // Without keys the SDK's own chain decides (environment, shared files, instance or container role).
        ...(c.accessKeyId && c.secretAccessKey ? { credentials: { accessKeyId: c.accessKeyId, secretAccessKey: c.secretAccessKey } } : {}),
        // A store that stops answering fails the request instead of holding it (and its upload's memory) forever.
        requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
      }),
    })));
  const Bucket = c.bucket;
  const objectKey = (key: string) => {
    assertSafeKey(key);
    return c.prefix ? `${c.prefix}/${key}` : key;
  };

  return {
    location: `s3://${c.bucket}${c.prefix ? `/${c.prefix}` : ''}`,
    async put(key, bytes) {
      const Key = objectKey(key);
      const { sdk, client } = await s3();
      await client.send(new sdk.PutObjectCommand({ Bucket, Key, Body: bytes, ContentLength: bytes.length }));
    },
    async get(key) {
      const Key = objectKey(key);
      const { sdk, client } = await s3();
      try {
        const res = await client.send(new sdk.GetObjectCommand({ Bucket, Key }));
        const body = await res.Body!.transformToByteArray();
        return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      const Key = objectKey(key);
      const { sdk, client } = await s3();
      try {
        await client.send(new sdk.DeleteObjectCommand({ Bucket, Key }));
      } catch (err) {
        // S3 answers 204 for a missing key; some compatible stores answer 404, which is the same outcome.
        if (!isMissing(err)) throw err;
      }
    },
    async ping() {
      const { sdk, client } = await s3();
      await client.send(new sdk.HeadBucketCommand({ Bucket }));
    },
    async *list(prefix = '') {
      const { sdk, client } = await s3();
      // The deployment's prefix is ours, not the caller's: it is added to the search and taken off every key found.
      const own = c.prefix ? `${c.prefix}/` : '';
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new sdk.ListObjectsV2Command({ Bucket, Prefix: own + prefix, ContinuationToken }));
        for (const o of page.Contents ?? []) if (o.Key) yield o.Key.slice(own.length);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async sizeOf(key) {
      const Key = objectKey(key);
      const { sdk, client } = await s3();
      try {
        return (await client.send(new sdk.HeadObjectCommand({ Bucket, Key }))).ContentLength ?? null;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
  };
}
