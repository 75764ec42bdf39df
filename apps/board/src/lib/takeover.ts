import { initialLanguage } from './language';
import type { BoardSsrState } from './ssr-state';
import { storedSession } from './stored-session';

/*
 * When the app takes over a page the server rendered. The page is whole without it (its text, its links, which lead
 * to pages the server renders too), so for a visitor who only reads, the app (React, MUI, the router: most of the
 * board's script) is not run at all, and a phone spends no time on it. It starts as soon as the visitor shows they
 * are about to use the page (the pointer over it, a touch, a key, the focus moving in), and a click or a form sent
 * before it runs is held and replayed once it does, so the first tap on a menu or a filter is not lost.
 */

/**
 * Whether the app, started in this browser, would render the page as the server did: a signed-out visitor, in the
 * language the page was rendered in, in the light theme. Only then can it take the page over as it is (hydrate);
 * otherwise it renders its own over it, and must do so at once.
 */
export function rendersAsServer(ssr: BoardSsrState | null): ssr is BoardSsrState {
  if (!ssr || storedSession().token || initialLanguage() !== ssr.language) return false;
  return !window.matchMedia?.('(prefers-color-scheme: dark)').matches;
}

/** Fields a visitor types in (not boxes, buttons or files, whose clicks are held instead). */
const TEXT_FIELDS = ['checkbox', 'radio', 'file', 'hidden', 'submit', 'button', 'reset', 'image'].reduce(
  (selector, type) => `${selector}:not([type=${type}])`,
  'textarea, input',
);

type TextField = HTMLInputElement | HTMLTextAreaElement;

const textFields = (doc: Document) => [...doc.querySelectorAll<TextField>(TEXT_FIELDS)];

/**
 * Sets aside the text typed into the page's fields before the app ran, putting each field back to the value the
 * server rendered. React then takes over the page it rendered: were the typed text left in place, React would keep
 * it on screen but hold the rendered value as the field's state, and write that back at its next render.
 */
function setTypedAside(doc: Document): Map<TextField, string> {
  const typed = new Map<TextField, string>();
  for (const field of textFields(doc)) {
    if (field.value === field.defaultValue) continue;
    typed.set(field, field.value);
    field.value = field.defaultValue;
  }
  return typed;
}

/**
 * Gives the app the text typed before it ran (set aside above, or typed while it was taking the page over), as if
 * it were typed now: the value is set as the browser sets it when typing, so the app's change handler takes it.
 * A field's `defaultValue` is the app's own value for it (React keeps it so).
 */
function handOverTyped(doc: Document, typedBefore: Map<TextField, string>) {
  for (const field of textFields(doc)) {
    const typed = typedBefore.get(field) ?? field.value;
    if (typed === field.defaultValue) continue;
    const setNative = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
    if (!setNative) continue;
    field.value = field.defaultValue;
    setNative.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

const WAKE_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin'] as const;
const HELD_EVENTS = ['click', 'submit'] as const;

/**
 * Runs `start` (which loads the app, calls `beforeTakeover` right before React takes the page over, and resolves
 * once it has) on the visitor's first sign of use.
 * Until then, clicks that only the app can answer and forms sent are held; then text typed meanwhile is handed to
 * the app and the held events are replayed in order on the same elements. A link is left to the browser. If
 * `start` fails, nothing more is held. Resolves when that is done (never, for a visitor who only reads).
 */
export function startOnFirstUse(
  start: (beforeTakeover: () => void) => Promise<void>,
  doc: Document = document,
): Promise<void> {
  const held: Array<() => void> = [];
  let woken = false;
  let done!: () => void;
  const replayed = new Promise<void>((resolve) => (done = resolve));

  const release = () => {
    for (const type of HELD_EVENTS) doc.removeEventListener(type, hold, true);
  };

  const wake = () => {
    if (woken) return;
    woken = true;
    for (const type of WAKE_EVENTS) doc.removeEventListener(type, wake, true);
    let typed = new Map<TextField, string>();
    start(() => (typed = setTypedAside(doc))).then(
      async () => {
        release();
        handOverTyped(doc, typed);
        // React applies what the handed-over text changed before the next task, so a held search then sends it.
        await new Promise((resolve) => setTimeout(resolve, 0));
        for (const replay of held.splice(0)) replay();
        done();
      },
      (err: unknown) => {
        release();
        held.length = 0;
        console.error('The board could not start', err);
        done();
      },
    );
  };

  function hold(event: Event) {
    const target = event.target;
    if (!(target instanceof Element) || event.defaultPrevented) return;
    if (event.type === 'click') {
      if (target.closest('a[href]')) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      held.push(() => {
        if (target.isConnected && target instanceof HTMLElement) target.click();
      });
    } else if (target instanceof HTMLFormElement) {
      event.preventDefault();
      event.stopImmediatePropagation();
      const submitter = (event as SubmitEvent).submitter ?? null;
      held.push(() => {
        if (target.isConnected) target.requestSubmit(submitter?.isConnected ? submitter : null);
      });
    }
    wake();
  }

  for (const type of WAKE_EVENTS) doc.addEventListener(type, wake, { capture: true, passive: true });
  for (const type of HELD_EVENTS) doc.addEventListener(type, hold, true);
  return replayed;
}
