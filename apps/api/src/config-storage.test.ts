import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { configuredStorage } from './platform/storage-config';

const base = { APP_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/hireline-config-test' };

describe('STORAGE_URL and the S3_ variables', () => {
  it('keeps uploads in the local folder by default', () => {
    const c = loadConfig(base);
    expect(c.objectStorage).toBeNull();
    expect(c.storageDir).toBe('/tmp/hireline-config-test/uploads');
    expect(configuredStorage(c).location).toBe('/tmp/hireline-config-test/uploads');
  });

  it('reads the bucket, the prefix, the endpoint, the region and the keys', () => {
    const c = loadConfig({
      ...base,
      STORAGE_URL: 's3://hireline-uploads/prod/eu/',
      S3_ENDPOINT: 'http://minio.internal:9000',
      S3_REGION: 'eu-west-3',
      S3_ACCESS_KEY_ID: 'AKIA',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(c.objectStorage).toEqual({
      bucket: 'hireline-uploads',
      prefix: 'prod/eu',
      endpoint: 'http://minio.internal:9000',
      region: 'eu-west-3',
      accessKeyId: 'AKIA',
      secretAccessKey: 'secret',
    });
    expect(configuredStorage(c).location).toBe('s3://hireline-uploads/prod/eu');
  });

  it('defaults to us-east-1, the bucket root and the SDK credential chain', () => {
    expect(loadConfig({ ...base, STORAGE_URL: 's3://uploads' }).objectStorage).toEqual({
      bucket: 'uploads',
      prefix: '',
      endpoint: undefined,
      region: 'us-east-1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
    });
  });

  it('refuses what is not an s3:// bucket URL, naming the variable', () => {
    for (const bad of ['/srv/uploads', 'https://bucket.s3.amazonaws.com', 's3://', 's3://ab', 's3://Upper', 's3://b_x/p', 's3://bucket/a/../b', 's3://bucket//p', 's3://bucket/./p']) {
      expect(() => loadConfig({ ...base, STORAGE_URL: bad }), bad).toThrow(/STORAGE_URL: s3:\/\/bucket or s3:\/\/bucket\/prefix/);
    }
  });

  it('refuses bucket settings without a bucket, and one key without the other', () => {
    expect(() => loadConfig({ ...base, S3_ENDPOINT: 'http://minio:9000' })).toThrow(/STORAGE_URL: S3_ENDPOINT and S3 keys are used only with STORAGE_URL/);
    expect(() => loadConfig({ ...base, STORAGE_URL: 's3://uploads', S3_ACCESS_KEY_ID: 'AKIA' })).toThrow(
      /S3_ACCESS_KEY_ID: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither/,
    );
    expect(() => loadConfig({ ...base, STORAGE_URL: 's3://uploads', S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
  });
});
