import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configVariables, loadConfig, repoRoot } from './config';

const base = { APP_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/hireline-config-test' };

describe('API_PROCESSES', () => {
  it('defaults to one process', () => {
    expect(loadConfig(base).processes).toBe(1);
  });

  it('refuses more than one process on the embedded database, naming the variable and why', () => {
    expect(() => loadConfig({ ...base, API_PROCESSES: '2' })).toThrow(
      /API_PROCESSES: more than one process needs a PostgreSQL server \(DATABASE_URL\)/,
    );
  });

  it('accepts several processes on a PostgreSQL server', () => {
    expect(loadConfig({ ...base, API_PROCESSES: '4', DATABASE_URL: 'postgres://db.example:5432/hireline' }).processes).toBe(4);
  });

  it('refuses a count that is not a whole number from 1 to 64', () => {
    for (const bad of ['0', '65', '1.5', 'two']) expect(() => loadConfig({ ...base, API_PROCESSES: bad, DATABASE_URL: 'postgres://db/h' })).toThrow(/API_PROCESSES/);
  });
});

describe('DATABASE_READ_URL', () => {
  it('refuses a read replica without the main PostgreSQL server, naming both variables', () => {
    expect(() => loadConfig({ ...base, DATABASE_READ_URL: 'postgres://replica/h' })).toThrow(
      /DATABASE_READ_URL: a read replica needs the main PostgreSQL server too \(DATABASE_URL\)/,
    );
  });

  it('is kept beside the main database, and absent when unset', () => {
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://db/h', DATABASE_READ_URL: 'postgres://replica/h' }).databaseReadUrl).toBe('postgres://replica/h');
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://db/h' }).databaseReadUrl).toBeUndefined();
  });
});

describe('MAIL_VIEWER', () => {
  it('is on by default for the embedded database and off for a server database', () => {
    expect(loadConfig(base).mailViewer).toBe(true);
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://db/h' }).mailViewer).toBe(false);
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://db/h', MAIL_VIEWER: '1' }).mailViewer).toBe(true);
    expect(loadConfig({ ...base, MAIL_VIEWER: 'off' }).mailViewer).toBe(false);
  });

  it('is never on beside real delivery', () => {
    expect(loadConfig({ ...base, SMTP_URL: 'smtp://mail.example:587' }).mailViewer).toBe(false);
    expect(() => loadConfig({ ...base, SMTP_URL: 'smtp://mail.example:587', MAIL_VIEWER: '1' })).toThrow(/MAIL_VIEWER: the mail viewer cannot be on while SMTP_URL/);
  });

  it('refuses to start in production with neither SMTP nor an explicit choice', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production' })).toThrow(/MAIL_VIEWER: NODE_ENV=production needs SMTP_URL/);
    expect(loadConfig({ ...base, NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:587' }).smtpUrl).toBeTruthy();
    expect(loadConfig({ ...base, NODE_ENV: 'production', MAIL_VIEWER: '0' }).mailViewer).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'production', MAIL_VIEWER: '1' }).mailViewer).toBe(true);
  });
});

describe('SIGN_IN_DELAY_MAX_MS', () => {
  it('holds a wrong sign-in guess at most 8 s by default; 0 turns the delay off', () => {
    expect(loadConfig(base).signInDelayMaxMs).toBe(8_000);
    expect(loadConfig({ ...base, SIGN_IN_DELAY_MAX_MS: '0' }).signInDelayMaxMs).toBe(0);
    for (const bad of ['-1', '60001', 'soon']) expect(() => loadConfig({ ...base, SIGN_IN_DELAY_MAX_MS: bad })).toThrow(/SIGN_IN_DELAY_MAX_MS/);
  });
});

describe('STATEMENT_TIMEOUT_MS', () => {
  it('gives an interactive statement 5 s by default; 0 turns the limit off', () => {
    expect(loadConfig(base).statementTimeoutMs).toBe(5_000);
    expect(loadConfig({ ...base, STATEMENT_TIMEOUT_MS: '0' }).statementTimeoutMs).toBe(0);
    for (const bad of ['-1', '600001', '1.5', 'long']) expect(() => loadConfig({ ...base, STATEMENT_TIMEOUT_MS: bad })).toThrow(/STATEMENT_TIMEOUT_MS/);
  });
});

describe('SEARCH_CONNECTIONS_PER_ACCOUNT and SEARCH_WAIT_MS', () => {
  it("leave one account's searches 3 of the pool's 10 connections, waiting at most 2 s for one, by default", () => {
    expect(loadConfig(base).searchSlots).toEqual({ perAccount: 3, maxWaitMs: 2_000 });
    expect(loadConfig({ ...base, SEARCH_CONNECTIONS_PER_ACCOUNT: '10', SEARCH_WAIT_MS: '0' }).searchSlots).toEqual({ perAccount: 10, maxWaitMs: 0 });
  });

  it('refuses a share of none or more than the whole pool', () => {
    for (const bad of ['0', '11', 'all']) expect(() => loadConfig({ ...base, SEARCH_CONNECTIONS_PER_ACCOUNT: bad })).toThrow(/SEARCH_CONNECTIONS_PER_ACCOUNT/);
    expect(() => loadConfig({ ...base, SEARCH_WAIT_MS: '-5' })).toThrow(/SEARCH_WAIT_MS/);
  });
});

describe("the README's configuration table", () => {
  it('lists every variable the API reads', () => {
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    const start = readme.indexOf('## Configuration');
    const table = readme.slice(start, readme.indexOf('\n## ', start + 1));
    const rows = table.split('\n').filter((line) => line.startsWith('| `'));
    const listed = new Set(rows.flatMap((row) => [...row.split('|')[1]!.matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1])));
    expect(configVariables.length).toBeGreaterThan(30);
    expect(configVariables.filter((v) => !listed.has(v))).toEqual([]);
  });
});
