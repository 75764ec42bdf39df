import { expect } from 'vitest';

/*
 * Small helpers for component tests in happy-dom (like the portal's harness: react-dom directly, no extra library).
 * Forms resolve in their own time, so tests wait for the DOM rather than wrapping everything in act().
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

/** Types like a user: through the native setter, so React sees the change. */
export function type(field: HTMLInputElement | HTMLTextAreaElement, text: string) {
  field.focus();
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')!.set!.call(field, text);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** The control a visible label names (MUI adds " *" to required labels). */
export function labelled(label: string): HTMLInputElement | HTMLTextAreaElement {
  const el = [...document.querySelectorAll('label')].find((l) => l.textContent?.replace(/[\s\u2009]*\*$/, '').trim() === label);
  const control = el?.htmlFor ? document.getElementById(el.htmlFor) : null;
  if (!control) throw new Error(`No control labelled "${label}"`);
  return control as HTMLInputElement;
}

/** The fieldset whose legend reads `legend`. */
export function group(legend: string): HTMLFieldSetElement {
  const found = [...document.querySelectorAll('legend')].find((l) => l.textContent?.replace(/[\s\u2009]*\*$/, '').trim() === legend);
  if (!found?.parentElement) throw new Error(`No group "${legend}"`);
  return found.closest('fieldset') as HTMLFieldSetElement;
}

/** The text of the elements an input's aria-describedby names. */
export function description(el: Element): string {
  return (el.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

// The one wait helper (./wait.ts), here too so a test imports its DOM helpers from one place.
export { waitFor } from './wait';

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export { expect };
