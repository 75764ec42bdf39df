import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { CHROMIUM } from './portal-sizes.mjs';

/**
 * Lighthouse on the login page (signed out), the dashboard and the jobs list (signed in), in Debian's Chromium.
 * Lighthouse clears the HTTP cache and caches, service workers and file systems before each run, not
 * localStorage, so the session that the sign-in stored (its localStorage items, replayed into this browser) survives
 * every run while each run still loads the portal cold.
 */

export const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];

/**
 * Audits that cost points: in accessibility and best practices every weighted audit short of a pass; in performance
 * the metrics under 0.9 (Lighthouse's "good") and the diagnostics and insights it flags (score under 0.5, no weight
 * of their own, but they say why a metric is slow).
 */
function failing(lhr, category) {
  return lhr.categories[category].auditRefs
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(({ ref, audit }) => {
      if (audit.score === null || ['informative', 'notApplicable', 'manual'].includes(audit.scoreDisplayMode)) return false;
      if (category !== 'performance') return ref.weight > 0 && audit.score < 1;
      return ref.weight > 0 ? audit.score < 0.9 : audit.score < 0.5;
    })
    .map(({ audit }) => ({ id: audit.id, score: audit.score, display: audit.displayValue ?? null }));
}

function summarise(lhr) {
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round(lhr.categories[c].score * 100)]));
  const failingAudits = Object.fromEntries(CATEGORIES.map((c) => [c, failing(lhr, c)]));
  const metrics = Object.fromEntries(METRICS.map((m) => [m, Math.round(lhr.audits[m].numericValue * 1000) / 1000]));
  return { scores, failing: failingAudits, metrics, final_url: lhr.finalDisplayedUrl, warnings: lhr.runWarnings };
}

/** Writes the signed-in session's localStorage items into the browser listening on `port`, for `base`'s origin. */
async function restoreSession(port, base, items) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    // Any page of the origin gives access to its storage; the not-found page loads least.
    await page.goto(`${base}/pages/misc/not-found/x`, { waitUntil: 'networkidle0' });
    await page.evaluate((items) => {
      for (const { name, value } of items) localStorage.setItem(name, value);
    }, items);
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

/**
 * One Lighthouse run. A run Lighthouse itself could not record (NO_NAVSTART, a lost trace: it says "run Lighthouse
 * again") is run again, up to twice; a page that fails to load fails the benchmark.
 */
async function audit(port, url, preset, log) {
  const flags = { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES };
  for (let attempt = 1; ; attempt++) {
    const { lhr } = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
    if (!lhr.runtimeError) return lhr;
    if (attempt === 3 || !/again/i.test(lhr.runtimeError.message)) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    log(`  lighthouse ${url}: ${lhr.runtimeError.code}, running again`);
  }
}

/**
 * `runs` Lighthouse runs per page; the run with the median performance score is kept (Lighthouse's own advice for
 * variance), with the worst accessibility and best-practices scores of all runs beside it.
 */
export async function runLighthouse(base, pages, session, { runs = 3, preset = 'desktop', log = console.log, chromeFlags = [] } = {}) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', ...chromeFlags],
  });
  try {
    const results = {};
    let restored = false;
    for (const { name, path, signedIn } of pages) {
      if (signedIn && !restored) {
        await restoreSession(chrome.port, base, session);
        restored = true;
      }
      const all = [];
      for (let i = 0; i < runs; i++) {
        const lhr = await audit(chrome.port, `${base}${path}`, preset, log);
        const summary = summarise(lhr);
        const final = new URL(summary.final_url);
        if (`${final.pathname}${final.search}` !== path) throw new Error(`Lighthouse on ${path} ended at ${summary.final_url}: not signed in?`);
        all.push(summary);
        log(`  lighthouse ${name} run ${i + 1}/${runs}: ${CATEGORIES.map((c) => `${c} ${summary.scores[c]}`).join(', ')}`);
      }
      const sorted = [...all].sort((a, b) => a.scores.performance - b.scores.performance);
      const median = sorted[Math.floor((sorted.length - 1) / 2)];
      const worst = (c) => Math.min(...all.map((r) => r.scores[c]));
      results[name] = {
        path,
        ...median,
        worst: { accessibility: worst('accessibility'), 'best-practices': worst('best-practices'), performance: worst('performance') },
        runs: all.map((r) => r.scores),
      };
    }
    return results;
  } finally {
    chrome.kill();
  }
}
