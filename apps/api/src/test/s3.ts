import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { ObjectStorageConfig } from '../config';
import { s3Storage } from '../platform/storage-s3';

/**
 * A real S3-compatible server (s3rver, on loopback, its objects in a temporary folder) with one bucket, for the tests
 * of object storage: the same SDK calls as against AWS S3 or MinIO, over HTTP with signed requests.
 */

// The SDK warns once per process that its releases from 2027 need Node 22; the tests run on Node 20 on purpose.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The settings of an s3Storage on this server's bucket under `prefix`. */
  config(prefix?: string): ObjectStorageConfig;
  /** The environment that points an API process at the bucket under `prefix`. */
  env(prefix?: string): Record<string, string>;
  /** Every key in the bucket (whatever the prefix), sorted. */
  keys(): Promise<string[]>;
  stop(): Promise<void>;
}

const KEY = 'S3RVER'; // s3rver's own access key and secret

export async function startS3(bucket = 'hireline-test'): Promise<TestS3> {
  const dir = mkdtempSync(join(tmpdir(), 'hireline-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory: dir, silent: true, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: KEY, secretAccessKey: KEY } });
  const config = (prefix = ''): ObjectStorageConfig => ({ bucket, prefix, endpoint, region: 'us-east-1', accessKeyId: KEY, secretAccessKey: KEY });
  return {
    endpoint,
    bucket,
    config,
    env: (prefix = '') => ({
      STORAGE_URL: `s3://${bucket}${prefix ? `/${prefix}` : ''}`,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: KEY,
      S3_SECRET_ACCESS_KEY: KEY,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    }),
    async keys() {
      const out: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
        out.push(...(page.Contents ?? []).map((o) => o.Key!));
        token = page.NextContinuationToken;
      } while (token);
      return out.sort();
    },
    async stop() {
      client.destroy();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** An s3Storage on the test server's bucket under `prefix`. */
export const testS3Storage = (s3: TestS3, prefix = '') => s3Storage(s3.config(prefix));
