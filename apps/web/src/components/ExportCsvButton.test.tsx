// @vitest-environment happy-dom
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listJobs } from '@hireline/contract/jobs';
import '../test/i18n';
import { snackbar } from '../lib/snackbar';
import { waitFor } from '../test/wait';
import { ExportCsvButton } from './ExportCsvButton';

// The stream's pieces update the button from outside any act(), as in the browser; the checks wait for the DOM instead.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

let root: Root;
let host: HTMLElement;
let body: ReadableStreamDefaultController<Uint8Array>;
let signal: AbortSignal | undefined;
const saved: string[] = [];

beforeEach(async () => {
  saved.length = 0;
  signal = undefined;
  // The server's stream, fed by each test piece by piece.
  vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
    signal = init.signal ?? undefined;
    const stream = new ReadableStream<Uint8Array>({ start: (c) => void (body = c) });
    signal?.addEventListener('abort', () => body.error(new DOMException('Aborted', 'AbortError')));
    return Promise.resolve(new Response(stream, { headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="jobs.csv"' } }));
  });
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:jobs');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  root.render(<ExportCsvButton endpoint={listJobs} query={{ page: 1, per_page: 25, sort: '-created_at' }} name="jobs" />);
  await waitFor(() => expect(button('Export CSV')).toBeDefined());
});
afterEach(() => {
  root.unmount();
  host.remove();
  snackbar.close();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const button = (text: string) => [...host.querySelectorAll('button')].find((b) => b.textContent === text);
const status = () => host.querySelector('[role="status"]')?.textContent;

describe('ExportCsvButton', () => {
  it('says the export is being prepared, then how much has arrived, and saves the file when the stream ends', async () => {
    button('Export CSV')!.click();
    await waitFor(() => expect(status()).toBe('Preparing export…'));
    await waitFor(() => expect(signal).toBeDefined());
    expect(button('Export CSV')).toBeUndefined();
    body.enqueue(new Uint8Array(1500));
    await waitFor(() => expect(status()).toBe('Exporting… 1.5 kB received'));
    body.enqueue(new Uint8Array(2_500_000));
    await waitFor(() => expect(status()).toBe('Exporting… 2.5 MB received'));
    expect(saved).toEqual([]);
    body.close();
    await waitFor(() => expect(saved).toEqual(['jobs.csv']));
    await waitFor(() => expect(button('Export CSV')).toBeDefined());
    expect(status()).toBeUndefined();
  });

  it('cancels: the request is aborted, nothing is saved and no error is shown', async () => {
    button('Export CSV')!.click();
    await waitFor(() => expect(status()).toBe('Preparing export…'));
    await waitFor(() => expect(signal).toBeDefined());
    body.enqueue(new Uint8Array(10));
    await waitFor(() => expect(status()).toMatch(/received/));
    button('Cancel export')!.click();
    expect(signal?.aborted).toBe(true);
    await waitFor(() => expect(button('Export CSV')).toBeDefined());
    expect(saved).toEqual([]);
    expect(snackbar.get().open).toBe(false);
  });
});
