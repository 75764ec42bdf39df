import { type Locator, type Page } from '@playwright/test';
import { expect } from './noise';
import { PAYLOAD } from './xss-data';

/*
 * The checks of the stored-XSS suite (xss.e2e.ts): what would show, in a real browser, that a payload from the data
 * became markup that runs.
 */

/**
 * What would show that a payload became live markup, in one document: `window.__xss` set, an `on*` attribute, a
 * `javascript:` URL in an attribute the browser follows or loads, a script (other than JSON-LD data) naming the flag.
 * Passed to the browser as it is, so it uses nothing from this module.
 */
function liveMarkup(): string[] {
  const urlAttributes = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'poster', 'background']);
  const found: string[] = [];
  if ((window as { __xss?: unknown }).__xss !== undefined) found.push(`window.__xss = ${String((window as { __xss?: unknown }).__xss)}`);
  for (const el of Array.from(document.querySelectorAll('*'))) {
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      // Browsers ignore control characters and spaces inside a scheme: `java\tscript:` runs too.
      // eslint-disable-next-line no-control-regex
      const url = attr.value.replace(/[\u0000-\u0020]+/g, '').toLowerCase();
      if (name.startsWith('on')) found.push(`<${el.localName} ${name}="${attr.value}">`);
      else if (urlAttributes.has(name) && url.startsWith('javascript:')) found.push(`<${el.localName} ${name}="${attr.value}">`);
    }
    if (el.localName === 'script' && (el as HTMLScriptElement).type !== 'application/ld+json' && el.textContent?.includes('__xss'))
      found.push(`<script>${el.textContent}</script>`);
  }
  return found;
}

/** `liveMarkup` in the page and each of its frames. Sandboxed previews without `allow-scripts` cannot run anything. */
export async function liveMarkupIn(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const frame of page.frames()) {
    const where = frame === page.mainFrame() ? '' : `frame ${frame.name() || frame.url()}: `;
    try {
      found.push(...(await frame.evaluate(liveMarkup)).map((f) => where + f));
    } catch (err) {
      const sandbox = await (await frame.frameElement()).getAttribute('sandbox');
      if (sandbox === null || sandbox.includes('allow-scripts')) throw err;
    }
  }
  return found;
}

/** Every dialog the page opens (an `alert(…)` payload would), dismissed so the page goes on. */
export function dialogsOf(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (d) => {
    seen.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  return seen;
}

/**
 * The page shows each value as the text it is (so it was escaped, not parsed), and once it has settled nothing
 * from the data runs or waits to run. Settled: the data is shown and every image has loaded or failed, so an
 * `onerror` that was going to fire has (`onload` of an svg and a `javascript:` frame run as they are inserted).
 */
export async function expectInert(page: Page, label: string, texts: readonly string[]) {
  for (const text of texts) await expect(page.getByText(text).first(), `${label}: "${text}" is shown as text`).toBeVisible();
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
  expect(await liveMarkupIn(page), `${label}: live markup from the data`).toEqual([]);
}

/** Opens a page and checks it; the texts shown also say that its data has arrived. */
export async function visit(page: Page, dialogs: string[], url: string, label: string, texts: readonly string[]) {
  await page.goto(url);
  await expectInert(page, label, texts);
  expect(dialogs, `${label}: dialogs`).toEqual([]);
}

/** The element whose children are the description's paragraphs. */
function descriptionOf(page: Page): Locator {
  return page.locator('strong', { hasText: 'bold safe' }).first().locator('xpath=../..');
}

/**
 * The sanitised description keeps its formatting and its https link and loses everything that could run; the
 * anchor that had a `javascript:` href is still there, without one, and clicking it does nothing.
 */
export async function expectSafeDescription(page: Page, dialogs: string[], label: string) {
  const body = descriptionOf(page);
  await expect(body.locator('strong', { hasText: 'bold safe' }), label).toBeVisible();
  await expect(body.locator('em', { hasText: 'em safe' }), label).toBeVisible();
  await expect(body.getByRole('link', { name: 'safe link' }), label).toHaveAttribute('href', 'https://example.com/safe');
  await expect(body.locator('img, script, svg, iframe, object, embed, [style], [onclick]'), label).toHaveCount(0);
  // Typed as text, shown as text: the `</script>` that would end the JSON-LD and the template expression.
  await expect(body, label).toContainText(PAYLOAD.breakout);
  await expect(body, label).toContainText(PAYLOAD.template);
  await expect(body, label).toContainText('after img');
  const disarmed = body.locator('a', { hasText: /^click$/ });
  await expect(disarmed, label).toHaveCount(1);
  expect(await disarmed.getAttribute('href'), `${label}: the javascript: href is gone`).toBeNull();
  const from = page.url();
  await disarmed.click();
  expect(page.url(), `${label}: the disarmed link goes nowhere`).toBe(from);
  expect(await liveMarkupIn(page), `${label}: after clicking the disarmed link`).toEqual([]);
  expect(dialogs, label).toEqual([]);
}
