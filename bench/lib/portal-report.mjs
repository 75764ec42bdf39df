/**
 * The portal's targets (issue "Performance and scale", portal part) and the terminal report of a run.
 * Sizes are in kB of 1,000 bytes, as Vite prints them.
 */

export const TARGETS = {
  loginJsGzip: 200_000,
  scores: { performance: 95, accessibility: 100, 'best-practices': 100 },
};

const kb = (n) => (n / 1000).toFixed(1);
const pad = (cells, widths) => cells.map((c, i) => String(c).padEnd(widths[i])).join('  ');

function table(header, rows) {
  const widths = header.map((h, i) => Math.max(String(h).length, ...rows.map((r) => String(r[i]).length)));
  return [pad(header, widths), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map((r) => pad(r, widths))].join('\n');
}

/** Pass/fail of every target the run measured; the keys name what failed. */
export function judge(result) {
  const checks = {};
  const login = result.sizes.routes.login.total;
  checks['login JS < 200 kB gzip'] = login.js_gzip < TARGETS.loginJsGzip;
  if (result.domain_areas) checks['every domain area lazily loaded'] = result.domain_areas.every((a) => a.lazy);
  for (const [page, r] of Object.entries(result.lighthouse ?? {})) {
    // Performance varies from run to run: the median run counts. The other two must hold in every run.
    for (const [category, target] of Object.entries(TARGETS.scores)) {
      checks[`${page} ${category} ≥ ${target}`] = (category === 'performance' ? r.scores[category] : r.worst[category]) >= target;
    }
  }
  return checks;
}

export function printReport(result, log = console.log) {
  const routes = result.sizes.routes;
  const { js_chunks: chunks, css_files: sheets } = result.build;
  log(`\nPortal build: ${chunks} JavaScript chunks, ${sheets} stylesheets; gzip level ${result.gzip_level}; kB = 1000 bytes.`);
  log(
    table(
      ['route', 'JS files', 'JS kB', 'JS kB gzip', 'CSS kB gzip', 'added JS kB gzip (files)', 'added CSS kB gzip'],
      Object.entries(routes).map(([name, r]) => [
        `${name} (${r.path})`,
        r.total.js_files,
        kb(r.total.js_bytes),
        kb(r.total.js_gzip),
        kb(r.total.css_gzip),
        name === 'login' ? '–' : `${kb(r.added.js_gzip)} (${r.added.js_files})`,
        name === 'login' ? '–' : kb(r.added.css_gzip),
      ]),
    ),
  );
  log(`Chunks not loaded before sign-in (lazily loaded): ${result.build.lazy_js_chunks} of ${result.build.js_chunks}.`);
  if (result.login_origins?.length) {
    log('\nJavaScript before sign-in by origin (kB before gzip):');
    log(result.login_origins.slice(0, 12).map((o) => `  ${o.origin.padEnd(34)} ${kb(o.chars)}`).join('\n'));
  }
  if (result.domain_areas) {
    log('\nDomain areas (src/features/*): chunks holding their code, and what of them loads before sign-in:');
    log(
      table(
        ['area', 'chunks', 'lazy', 'modules loaded before sign-in'],
        result.domain_areas.map((a) => [a.area, a.chunks, a.lazy ? 'yes' : 'NO', a.initial_modules.join(', ') || '–']),
      ),
    );
  }
  if (result.lighthouse) {
    log(`\nLighthouse ${result.lighthouse_version}, ${result.preset} preset, served ${result.served},`);
    log(`median of ${result.runs} run(s) by performance`);
    log(`(CPU busy with other work before/after: ${result.cpu_busy_before_pct ?? '?'}% / ${result.cpu_busy_after_pct ?? '?'}%):`);
    log(
      table(
        ['page', 'performance', 'accessibility', 'best-practices', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'SI ms'],
        Object.entries(result.lighthouse).map(([name, r]) => [
          `${name} (${r.path})`,
          `${r.scores.performance} (worst ${r.worst.performance})`,
          `${r.scores.accessibility}${r.worst.accessibility < r.scores.accessibility ? ` (worst ${r.worst.accessibility})` : ''}`,
          `${r.scores['best-practices']}${r.worst['best-practices'] < r.scores['best-practices'] ? ` (worst ${r.worst['best-practices']})` : ''}`,
          Math.round(r.metrics['first-contentful-paint']),
          Math.round(r.metrics['largest-contentful-paint']),
          Math.round(r.metrics['total-blocking-time']),
          r.metrics['cumulative-layout-shift'].toFixed(3),
          Math.round(r.metrics['speed-index']),
        ]),
      ),
    );
    log('Audits that cost points (median run):');
    for (const [name, r] of Object.entries(result.lighthouse)) {
      for (const [category, audits] of Object.entries(r.failing)) {
        if (audits.length) log(`  ${name} ${category}: ${audits.map((a) => a.id).join(', ')}`);
      }
    }
  }
  log('\nTargets:');
  for (const [check, ok] of Object.entries(result.checks)) log(`  ${ok ? 'PASS' : 'FAIL'}  ${check}`);
}
