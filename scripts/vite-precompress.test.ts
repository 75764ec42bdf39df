import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompress } from './vite-precompress';

const root = mkdtempSync(join(tmpdir(), 'hireline-precompress-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Runs the plugin's hooks as Vite does after a build of `files` into root/dist. */
async function build(files: Record<string, string | Buffer>, error?: Error) {
  for (const [name, body] of Object.entries(files)) {
    mkdirSync(join(root, 'dist', name, '..'), { recursive: true });
    writeFileSync(join(root, 'dist', name), body);
  }
  const plugin = precompress() as unknown as {
    configResolved(config: { root: string; build: { outDir: string } }): void;
    closeBundle(error?: Error): Promise<void>;
  };
  plugin.configResolved({ root, build: { outDir: 'dist' } });
  await plugin.closeBundle(error);
}

describe('precompress', () => {
  const script = 'export function hello() { return "hello, world"; }\n'.repeat(200);

  it('writes brotli and gzip copies of scripts, styles and public files that decompress to the same bytes', async () => {
    await build({ 'assets/app-1.js': script, 'assets/app-1.css': script, 'early.js': script });
    for (const name of ['assets/app-1.js', 'assets/app-1.css', 'early.js']) {
      const path = join(root, 'dist', name);
      expect(brotliDecompressSync(readFileSync(`${path}.br`)).toString()).toBe(script);
      expect(gunzipSync(readFileSync(`${path}.gz`)).toString()).toBe(script);
    }
  });

  it('leaves alone index.html (the API fills it in per deployment), tiny files, fonts and images', async () => {
    await build({ 'index.html': script, 'assets/tiny-1.js': 'export {};', 'assets/font-1.woff2': Buffer.alloc(4096, 7), 'logo.png': Buffer.alloc(4096, 1) });
    for (const name of ['index.html', 'assets/tiny-1.js', 'assets/font-1.woff2', 'logo.png']) {
      expect(existsSync(join(root, 'dist', `${name}.br`))).toBe(false);
      expect(existsSync(join(root, 'dist', `${name}.gz`))).toBe(false);
    }
  });

  it('writes nothing when the build failed', async () => {
    await build({ 'assets/failed-1.js': script }, new Error('build failed'));
    expect(existsSync(join(root, 'dist', 'assets/failed-1.js.br'))).toBe(false);
  });
});
