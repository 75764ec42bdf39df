import { markdownTable, printColumns, replaceBlock } from './readme.mjs';

/** Counts per list and overall, and the 20 slowest combinations by p95. */
export function summarise(lists, targetMs) {
  const all = lists.flatMap((l) => l.combinations.map((c) => ({ list: l.name, ...c })));
  const perList = lists.map((l) => ({
    list: l.name,
    combinations: l.combinations.length,
    over_target: l.combinations.filter((c) => c.p95_ms >= targetMs).length,
    failing_answers: l.combinations.filter((c) => c.errors).length,
    worst_p95_ms: l.combinations.length ? Math.max(...l.combinations.map((c) => c.p95_ms)) : null,
    skipped: l.skipped ?? null,
    uncovered: (l.uncovered ?? []).map((u) => u.key),
  }));
  const slowest = [...all].sort((a, b) => b.p95_ms - a.p95_ms).slice(0, 20)
    .map((c) => ({ list: c.list, label: c.label, path: c.path, accept: c.accept, status: c.status, p50_ms: c.p50_ms, p95_ms: c.p95_ms, max_ms: c.max_ms }));
  return {
    target_p95_ms: targetMs,
    combinations: all.length,
    over_target: all.filter((c) => c.p95_ms >= targetMs).length,
    failing_answers: all.filter((c) => c.errors).length,
    per_list: perList,
    slowest,
  };
}

const listRows = (s) => s.per_list.map((l) => [l.list, l.combinations, l.over_target, l.failing_answers, l.worst_p95_ms ?? '–', l.skipped ?? (l.uncovered.length ? `uncovered: ${l.uncovered.join(', ')}` : '')]);
const LIST_HEAD = ['List', 'combinations', `≥ target p95`, 'error answers', 'worst p95 ms', 'note'];
const SLOW_HEAD = ['List', 'combination', 'p50 / p95 / max ms', 'status', 'URL'];
const slowRows = (s) => s.slowest.map((c) => [c.list, c.label, `${c.p50_ms} / ${c.p95_ms} / ${c.max_ms}`, c.status, `\`${c.path}\`${c.accept ? ` (Accept: ${c.accept})` : ''}`]);

export function printSummary(run) {
  const s = run.summary;
  printColumns(`Matrix (${run.preset}): ${s.combinations} combinations, ${s.over_target} at or over ${s.target_p95_ms} ms p95, ${s.failing_answers} answering an error`, LIST_HEAD, listRows(s));
  printColumns('The 20 slowest (p95)', SLOW_HEAD, slowRows(s));
  const l = run.machine.load;
  console.log(`CPU busy during the run: mean ${l.cpu_busy_mean_pct}%, max ${l.cpu_busy_max_pct}%; load average ${l.loadavg.map((x) => x[0].toFixed(2)).join(' → ')}.`);
}

/** The preset's block of the README's Matrix section (markers `results:matrix:<preset>`). */
export function matrixReadme(path, run, file) {
  const s = run.summary;
  const m = run.machine;
  const d = run.data;
  const body = [
    `**${run.preset}** — ${d.jobs?.toLocaleString('en')} jobs, ${d.applications?.toLocaleString('en')} applications, ${d.seekers?.toLocaleString('en')} seekers, ` +
      `${d.ledger_rows.toLocaleString('en')} credit ledger rows, ${d.audit_logs.toLocaleString('en')} audit entries (${d.account_audit_logs.toLocaleString('en')} in the measured account); ` +
      `${run.started_at.slice(0, 16).replace('T', ' ')} UTC; \`${run.command}\`; one request at a time, ${run.settings.reps} measured after one warm-up, ` +
      `\`Accept-Encoding: gzip, br\`, API bundled at LOG_LEVEL=info ([raw](${file})).`,
    '',
    `**${s.combinations} combinations, ${s.over_target} at or over ${s.target_p95_ms} ms p95, ${s.failing_answers} answering an error.** ` +
      `CPU busy before ${m.busy_before_pct}%, during mean ${m.load.cpu_busy_mean_pct}% / max ${m.load.cpu_busy_max_pct}%; ` +
      `load average ${m.load.loadavg.map((x) => x[0].toFixed(2)).join(' → ')} (${m.cpus} × ${m.cpu_model.split(' ').slice(0, 2).join(' ')}, PostgreSQL ${m.postgres.split(' ')[0]}).`,
    '',
    markdownTable(LIST_HEAD, listRows(s)),
    '',
    'The 20 slowest:',
    '',
    markdownTable(SLOW_HEAD, slowRows(s)),
  ].join('\n');
  replaceBlock(path, `matrix:${run.preset}`, body);
}
