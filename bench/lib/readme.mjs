import { readFileSync, writeFileSync } from 'node:fs';

/**
 * Replaces the block between `<!-- results:<key>:start -->` and `<!-- results:<key>:end -->` in bench/README.md,
 * leaving the rest alone; warns (and writes nothing) when the README has no such block.
 */
export function replaceBlock(path, key, body) {
  const start = `<!-- results:${key}:start -->`;
  const end = `<!-- results:${key}:end -->`;
  const text = readFileSync(path, 'utf8');
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < 0) {
    console.warn(`bench/README.md has no ${start} … ${end} block; not updated.`);
    return;
  }
  writeFileSync(path, `${text.slice(0, from + start.length)}\n${body}\n${text.slice(to)}`);
}

/** A markdown table. */
export const markdownTable = (head, rows) => [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');

/** The same table for the terminal, columns padded. */
export function printColumns(title, head, rows) {
  const widths = head.map((_, i) => Math.max(...[head, ...rows].map((r) => String(r[i]).length)));
  const line = (r) => r.map((c, i) => String(c).padEnd(widths[i])).join('  ');
  console.log(`\n${title}\n${line(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const r of rows) console.log(line(r));
  console.log('');
}
