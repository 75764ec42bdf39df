import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3, testS3Storage, type TestS3 } from '../test/s3';
import { localStorage, type Storage } from './storage';
import { s3Storage } from './storage-s3';

/*
 * Both implementations of Storage keep the same promises, the bucket one against a real S3-compatible server: what
 * is put comes back byte for byte, a missing key is null, deleting twice is fine, and no key leaves its folder or prefix.
 */

let s3: TestS3;
let dir: string;
beforeAll(async () => {
  s3 = await startS3();
  dir = mkdtempSync(join(tmpdir(), 'hireline-storage-'));
});
afterAll(async () => {
  await s3?.stop();
  rmSync(dir, { recursive: true, force: true });
});

// Every byte value, so an encoding slip (text, base64, a trailing newline) shows.
const bytes = Buffer.from(Array.from({ length: 1024 }, (_, i) => i % 256));

const kinds: [string, () => Storage][] = [
  ['local folder', () => localStorage(join(dir, 'uploads'))],
  ['S3 bucket', () => testS3Storage(s3, 'deploy-a')],
];

describe.each(kinds)('%s', (_, make) => {
  it('gives back exactly what was put, and nothing once deleted; deleting again is not an error', async () => {
    const storage = make();
    await storage.put('ab/round-trip', bytes);
    expect((await storage.get('ab/round-trip'))!.equals(bytes)).toBe(true);
    await storage.put('ab/round-trip', Buffer.from('replaced'));
    expect((await storage.get('ab/round-trip'))!.toString()).toBe('replaced');
    await storage.delete('ab/round-trip');
    expect(await storage.get('ab/round-trip')).toBeNull();
    await expect(storage.delete('ab/round-trip')).resolves.toBeUndefined();
  });

  it('answers null for a key never stored', async () => {
    expect(await make().get('zz/never-stored')).toBeNull();
  });

  it('refuses keys that would leave its folder or prefix, before touching anything', async () => {
    const storage = make();
    for (const key of ['../escape', 'a/../../escape', '/etc/passwd', '', 'a//b', './a', 'a\\..\\b']) {
      await expect(storage.put(key, bytes), key).rejects.toThrow(/storage key escapes/);
      await expect(storage.get(key), key).rejects.toThrow(/storage key escapes/);
      await expect(storage.delete(key), key).rejects.toThrow(/storage key escapes/);
    }
  });

  it('lists every key it holds, under a prefix when given one, and nothing removed', async () => {
    const storage = make();
    const all = async (prefix?: string) => {
      const out: string[] = [];
      for await (const key of storage.list(prefix)) out.push(key);
      return out.sort();
    };
    await storage.put('ls/b/two', bytes);
    await storage.put('ls/a/one', bytes);
    await storage.put('lt/other', bytes);
    expect(await all('ls/')).toEqual(['ls/a/one', 'ls/b/two']);
    expect(await all()).toEqual(expect.arrayContaining(['ls/a/one', 'ls/b/two', 'lt/other']));
    await storage.delete('ls/a/one');
    expect(await all('ls/')).toEqual(['ls/b/two']);
    expect(await all('zz-none/')).toEqual([]);
  });

  it('answers a ping while it can be written', async () => {
    await expect(make().ping()).resolves.toBeUndefined();
  });
});

describe('S3 bucket', () => {
  it('keeps every key under its prefix, so deployments sharing a bucket never see each other’s files', async () => {
    const a = testS3Storage(s3, 'tenant-a/uploads');
    const b = testS3Storage(s3, 'tenant-b');
    await a.put('cd/file', Buffer.from('A'));
    await b.put('cd/file', Buffer.from('B'));
    expect((await s3.keys()).filter((k) => k.endsWith('cd/file'))).toEqual(['tenant-a/uploads/cd/file', 'tenant-b/cd/file']);
    expect((await a.get('cd/file'))!.toString()).toBe('A');
    await b.delete('cd/file');
    expect((await a.get('cd/file'))!.toString()).toBe('A');
    expect(await b.get('cd/file')).toBeNull();
    const listed: string[] = [];
    for await (const key of a.list('cd/')) listed.push(key);
    expect(listed).toEqual(['cd/file']);
  });

  it('with no prefix, stores keys at the bucket root', async () => {
    await testS3Storage(s3).put('ef/root-key', Buffer.from('x'));
    expect(await s3.keys()).toContain('ef/root-key');
  });

  it('tells an object’s size, or null when there is none', async () => {
    const storage = testS3Storage(s3, 'sizes');
    await storage.put('gh/sized', bytes);
    expect(await storage.sizeOf('gh/sized')).toBe(1024);
    expect(await storage.sizeOf('gh/absent')).toBeNull();
  });

  it('fails the ping, and every read, for a bucket that does not exist rather than answering "no file"', async () => {
    const missing = s3Storage({ ...s3.config(), bucket: 'no-such-bucket' });
    await expect(missing.ping()).rejects.toThrow();
    await expect(missing.get('ab/any')).rejects.toThrow(/bucket/i);
  });
});

describe('local folder', () => {
  it('writes files only it can read', async () => {
    const storage = localStorage(join(dir, 'private'));
    await storage.put('ij/secret', bytes);
    expect(readFileSync(join(dir, 'private/ij/secret')).equals(bytes)).toBe(true);
    expect(statSync(join(dir, 'private/ij/secret')).mode & 0o777).toBe(0o600);
  });

  it('pings by creating its folder, and leaves no probe behind', async () => {
    const root = join(dir, 'created-by-ping');
    await localStorage(root).ping();
    expect(existsSync(root)).toBe(true);
    expect(readdirSync(root)).toEqual([]);
  });

  it('lists nothing, rather than failing, before its folder exists', async () => {
    for await (const key of localStorage(join(dir, 'never-created')).list()) throw new Error(`listed ${key}`);
  });

  it('fails the ping when its folder cannot be created', async () => {
    await localStorage(join(dir, 'blocked')).put('kl/file', bytes);
    // A file where the folder should be stops root too, which file permissions would not.
    await expect(localStorage(join(dir, 'blocked/kl/file/below')).ping()).rejects.toThrow();
  });
});
