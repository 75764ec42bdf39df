// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';

/** The flag is read once when the module loads, as in the browser: set the meta tag, then load it afresh. */
async function loadWith(content: string | null) {
  document.head.querySelectorAll('meta[name="af-mail-viewer"]').forEach((m) => m.remove());
  if (content !== null) {
    const meta = document.createElement('meta');
    meta.setAttribute('name', 'af-mail-viewer');
    meta.setAttribute('content', content);
    document.head.append(meta);
  }
  vi.resetModules();
  return import('./runtime');
}

afterEach(() => document.head.querySelectorAll('meta[name="af-mail-viewer"]').forEach((m) => m.remove()));

describe('mailViewerOn', () => {
  it('follows what the deployment wrote into index.html', async () => {
    expect((await loadWith('false')).mailViewerOn).toBe(false);
    expect((await loadWith('true')).mailViewerOn).toBe(true);
  });

  it('is on under the development server, which leaves the placeholder, and without the tag', async () => {
    expect((await loadWith('%AF_MAIL_VIEWER%')).mailViewerOn).toBe(true);
    expect((await loadWith(null)).mailViewerOn).toBe(true);
  });
});
