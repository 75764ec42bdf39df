import './zod-setup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

/* lib/zod-setup.ts turns Zod's `jitless` on without importing Zod; main.tsx imports it before anything else. */

afterEach(() => vi.restoreAllMocks());

describe('zod setup', () => {
  it('is the configuration Zod reads when it loads afterwards, so no parse probes `new Function`', () => {
    expect(z.config().jitless).toBe(true);
    const probe = vi.spyOn(globalThis, 'Function');
    expect(z.object({ a: z.string() }).parse({ a: 'x', b: 1 })).toEqual({ a: 'x' });
    expect(probe).not.toHaveBeenCalled();
  });

  it('turns it on in the configuration of a Zod already loaded', async () => {
    z.config({ jitless: false });
    vi.resetModules();
    await import('./zod-setup');
    expect(z.config().jitless).toBe(true);
  });
});
