// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_KEY } from './language';
import type { BoardSsrState } from './ssr-state';
import { impersonationKey, tokenKey } from './stored-session';
import { writeStored } from './storage';
import { rendersAsServer, startOnFirstUse } from './takeover';

/**
 * A start the test finishes (or fails) when it chooses, as loading the app over a network would; finishing takes
 * the page over as React does: `beforeTakeover` first.
 */
function deferredStart() {
  let resolve!: () => void;
  let reject!: (err: Error) => void;
  let beforeTakeover: (() => void) | undefined;
  const done = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  const start = vi.fn((before: () => void) => {
    beforeTakeover = before;
    return done;
  });
  const finish = (whileTakingOver?: () => void) => {
    beforeTakeover?.();
    whileTakingOver?.();
    resolve();
  };
  return { start, finish, fail: (e: Error) => reject(e) };
}

/** A fresh page, so no test's listeners outlive it. */
function page(html: string): Document {
  const doc = document.implementation.createHTMLDocument('board');
  doc.body.innerHTML = html;
  return doc;
}

const click = (el: Element) => {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true });
  el.dispatchEvent(event);
  return event;
};

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe('a server-rendered page, before the app takes it over', () => {
  it('does not load the app for a visitor who only reads, and loads it once on the first sign of use', () => {
    const doc = page('<main><p>A job</p></main>');
    const { start } = deferredStart();
    startOnFirstUse(start, doc);
    expect(start).not.toHaveBeenCalled();

    doc.body.dispatchEvent(new Event('pointerover', { bubbles: true }));
    doc.body.dispatchEvent(new Event('keydown', { bubbles: true }));
    doc.body.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('holds a click only the app can answer (a menu button) and replays it on the same element once the app runs', async () => {
    const doc = page('<button type="button" id="menu">Language</button><label id="l"><input type="checkbox" id="c" /> Full time</label>');
    const { start, finish } = deferredStart();
    const replayed = startOnFirstUse(start, doc);
    const menu = doc.getElementById('menu')!;
    const app = vi.fn();
    menu.addEventListener('click', app);

    const first = click(menu);
    expect(first.defaultPrevented).toBe(true);
    expect(app).not.toHaveBeenCalled();
    expect(start).toHaveBeenCalledTimes(1);
    // A checkbox's label is held too: the box is not ticked behind the app's back.
    click(doc.getElementById('l')!);
    expect((doc.getElementById('c') as HTMLInputElement).checked).toBe(false);

    finish();
    await replayed;
    expect(app).toHaveBeenCalledTimes(1);
    expect((doc.getElementById('c') as HTMLInputElement).checked).toBe(true);

    // Once the app runs, clicks reach it directly, once.
    click(menu);
    expect(app).toHaveBeenCalledTimes(2);
  });

  it('leaves a link to the browser: the next page is rendered by the server too', () => {
    const doc = page('<a href="/jobs?page=2"><span id="inner">Next page</span></a>');
    const { start } = deferredStart();
    startOnFirstUse(start, doc);
    expect(click(doc.getElementById('inner')!).defaultPrevented).toBe(false);
    // The page is being left: the app is not started for it.
    expect(start).not.toHaveBeenCalled();
  });

  it('holds a form sent before the app runs and sends it again through the app', async () => {
    const doc = page('<form id="f"><input name="q" value="nurse" /></form>');
    const { start, finish } = deferredStart();
    const replayed = startOnFirstUse(start, doc);
    const form = doc.getElementById('f') as HTMLFormElement;
    const sent = vi.fn((e: Event) => e.preventDefault());

    const event = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    form.addEventListener('submit', sent);

    finish();
    await replayed;
    expect(sent).toHaveBeenCalledTimes(1);
  });

  it('hands text typed before the app ran to the app, before replaying the search it was typed for', async () => {
    const doc = page('<form id="f"><input type="search" id="q" value="" /><input id="where" value="Leeds" /><button id="go">Search</button></form>');
    const { start, finish } = deferredStart();
    const replayed = startOnFirstUse(start, doc);
    const q = doc.getElementById('q') as HTMLInputElement;
    q.value = 'Nurse';
    click(doc.getElementById('go')!);

    // The app's view of the field: what it took over, what its change handler saw, then what it sent.
    const seen: string[] = [];
    const sent = vi.fn((e: Event) => e.preventDefault());
    q.addEventListener('input', () => seen.push(q.value));
    doc.getElementById('where')!.addEventListener('input', () => seen.push('where changed'));
    doc.getElementById('f')!.addEventListener('submit', sent);
    finish(() => seen.push(`taken over with "${q.value}"`));
    await replayed;
    expect(seen).toEqual(['taken over with ""', 'Nurse']);
    expect(q.value).toBe('Nurse');
    expect(sent).toHaveBeenCalledTimes(1);
  });

  it('also hands over text typed while the app was taking the page over', async () => {
    const doc = page('<textarea id="t"></textarea>');
    const { start, finish } = deferredStart();
    const replayed = startOnFirstUse(start, doc);
    const t = doc.getElementById('t') as HTMLTextAreaElement;
    t.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    const seen: string[] = [];
    t.addEventListener('input', () => seen.push(t.value));
    finish(() => (t.value = 'Typed meanwhile'));
    await replayed;
    expect(seen).toEqual(['Typed meanwhile']);
  });

  it('holds nothing more when the app cannot start (the page stays as it is, its links working)', async () => {
    const doc = page('<button type="button" id="b">Menu</button>');
    const { start, fail } = deferredStart();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const settled = startOnFirstUse(start, doc);
    click(doc.getElementById('b')!);
    fail(new Error('offline'));
    await settled;
    expect(logged).toHaveBeenCalled();
    expect(click(doc.getElementById('b')!).defaultPrevented).toBe(false);
    logged.mockRestore();
  });
});

describe('whether the app would render the page as the server did', () => {
  const ssr: BoardSsrState = { language: 'en', wide: false, branding: null, queries: { mutations: [], queries: [] } };
  const light = () => vi.stubGlobal('matchMedia', (q: string) => ({ matches: false, media: q }));

  it('does for a signed-out visitor in the page\'s language and the light theme', () => {
    light();
    vi.stubGlobal('navigator', { languages: ['en-GB', 'fr'] });
    expect(rendersAsServer(ssr)).toBe(true);
    expect(rendersAsServer(null)).toBe(false);
  });

  it('does not for a signed-in candidate, a staff member acting as one, another language or a dark theme', () => {
    light();
    vi.stubGlobal('navigator', { languages: ['en'] });
    writeStored('local', tokenKey(), 'own');
    expect(rendersAsServer(ssr)).toBe(false);
    localStorage.clear();

    writeStored('session', impersonationKey(), { token: 't', expiresAt: new Date(Date.now() + 60_000).toISOString(), by: null });
    expect(rendersAsServer(ssr)).toBe(false);
    sessionStorage.clear();

    writeStored('local', LANGUAGE_KEY, 'ar');
    expect(rendersAsServer(ssr)).toBe(false);
    localStorage.clear();

    vi.stubGlobal('matchMedia', (q: string) => ({ matches: q.includes('dark'), media: q }));
    expect(rendersAsServer(ssr)).toBe(false);
  });
});
