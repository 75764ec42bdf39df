import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@hireline/contract/messages';
import { uploadRules } from '@hireline/contract/uploads';
import { files } from '../db/schema/platform';
import { MAX_UPLOAD_BYTES } from '../platform/uploads';
import { signedInCandidate } from '../test/candidates';
import { createTenant, type Tenant } from '../test/factories';
import { call, createTestApp, type TestApp } from '../test/harness';
import { login } from '../test/login';

/*
 * Every multipart endpoint against hostile uploads: too big, lying about its type, named to escape the upload folder,
 * empty, missing, doubled, malformed. Refused uploads answer a 4xx with a message and leave no row and no byte
 * behind; an accepted one is stored under a key of the server's own, inside the upload folder, whatever its name.
 */

// Real files: types are decided from the bytes, so these must be the genuine article.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const HTML = Buffer.from('<!DOCTYPE html><html><body><script>fetch("/portal/auth/me")</script></body></html>');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.domain)</script></svg>');
// The first bytes of a Linux executable and of a Windows one, padded as the real headers are.
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120, 0)]);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(58, 0), Buffer.from([0x80, 0, 0, 0]), Buffer.alloc(64, 0), Buffer.from('PE\0\0'), Buffer.alloc(64, 0)]);
const ZIP = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(60, 0)]);
const MB = 1024 * 1024;

interface Part {
  name: string;
  data: Buffer | string;
  /** A file part when set; `disposition` overrides the whole Content-Disposition value. */
  filename?: string;
  disposition?: string;
  type?: string;
}

function multipart(parts: Part[], opts: { boundary?: string; close?: boolean } = {}) {
  const boundary = opts.boundary ?? 'hirelineFuzzBoundary7MA4YWxkTrZu0gW';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = p.disposition ?? `form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}`;
    const type = p.filename === undefined && !p.disposition ? '' : `Content-Type: ${p.type ?? 'application/octet-stream'}\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`, 'utf8'), Buffer.from(p.data), Buffer.from('\r\n'));
  }
  if (opts.close !== false) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const filePart = (filename: string, data: Buffer, type = 'application/octet-stream'): Part => ({ name: 'file', filename, data, type });
const preview = (p: Part) => JSON.stringify(p.disposition ?? p.filename ?? '').slice(0, 80);

let t: TestApp;
let tenant: Tenant;
let staffToken: string;
let seekerToken: string;
const seen: RouteOptions[] = [];

beforeAll(async () => {
  t = await createTestApp({}, { before: (app) => app.addHook('onRoute', (r) => void seen.push(r)) });
  tenant = await createTenant(t.deps.db, { name: 'Uploads' });
  staffToken = await login(t.app, tenant.users.accountAdmin.email);
});
afterAll(() => t.close());
// A fresh candidate per test: the board counts each candidate's uploads per hour, and a test's count is its own.
beforeEach(async () => {
  seekerToken = (await signedInCandidate(t, tenant, { withResume: false })).token;
});

/** Each multipart endpoint, who may call it, what it accepts and how big. */
interface Target {
  path: string;
  /** The purpose field to send (the avatar's is fixed by the endpoint). */
  purpose: keyof typeof uploadRules | null;
  limitMb: number;
  good: { name: string; bytes: Buffer };
  /** Allowed-looking names on bytes this purpose must refuse. */
  disguised: Array<{ what: string; name: string; bytes: Buffer }>;
  send(payload: Buffer, contentType: string): ReturnType<typeof call>;
}

const asStaff = (path: string) => (payload: Buffer, contentType: string) =>
  call(t.app, { token: staffToken, accountId: tenant.account.id, siteId: tenant.sites[0].id }, { method: 'POST', url: `/portal${path}`, payload, headers: { 'content-type': contentType } });
const asCandidate = (path: string) => (payload: Buffer, contentType: string) =>
  t.app.inject({
    method: 'POST',
    url: `/portal${path}`,
    payload,
    headers: { 'content-type': contentType, 'x-af-eid': 'test', host: `jobs.${tenant.account.domain}`, authorization: `Bearer ${seekerToken}` },
  });

const documentDisguises = [
  { what: 'an ELF executable', name: 'cv.pdf', bytes: ELF },
  { what: 'a Windows executable', name: 'cv.docx', bytes: EXE },
  { what: 'a zip archive', name: 'cv.docx', bytes: ZIP },
  { what: 'a PNG image', name: 'cv.txt', bytes: PNG },
  { what: 'an HTML page', name: 'cv.pdf', bytes: HTML },
  { what: 'an SVG with script', name: 'cv.txt', bytes: SVG },
];
const imageDisguises = [
  { what: 'an SVG with script', name: 'me.png', bytes: SVG },
  { what: 'an HTML page', name: 'me.jpg', bytes: HTML },
  { what: 'a PDF', name: 'me.png', bytes: PDF },
  { what: 'an ELF executable', name: 'me.webp', bytes: ELF },
  { what: 'a Windows executable', name: 'me.png', bytes: EXE },
];

const targets: Target[] = [
  {
    path: '/v1/forms/upload-file',
    purpose: 'resume',
    limitMb: uploadRules.resume.maxMb,
    good: { name: 'cv.pdf', bytes: PDF },
    disguised: documentDisguises,
    send: asStaff('/v1/forms/upload-file'),
  },
  {
    path: '/v1/user-account/avatar',
    purpose: null,
    limitMb: uploadRules.avatar.maxMb,
    good: { name: 'me.png', bytes: PNG },
    disguised: imageDisguises,
    send: asStaff('/v1/user-account/avatar'),
  },
  {
    path: '/v1/board/candidates/me/files',
    purpose: 'resume',
    limitMb: uploadRules.resume.maxMb,
    good: { name: 'cv.pdf', bytes: PDF },
    disguised: documentDisguises,
    send: asCandidate('/v1/board/candidates/me/files'),
  },
];

// ---------------------------------------------------------------- what was written

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = join(dir, d.name);
    return d.isDirectory() ? listFiles(p) : [`${relative(t.deps.config.dataDir, p)} ${statSync(p).size}`];
  });
}

/**
 * Rows of every table and every file under the data folder (uploads and all), to compare before and after. The
 * rate-limit windows (PostgreSQL, ADR 004) are left out: a refused upload still counts against the limit, by design.
 */
async function written() {
  const tables = await t.deps.db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public' and tablename <> 'rate_limit_windows' order by tablename`,
  );
  const counts = await t.deps.db.execute<{ name: string; n: number | string }>(
    sql.raw(tables.rows.map((r) => `select '${r.tablename}' as name, count(*)::int as n from "public"."${r.tablename}"`).join(' union all ')),
  );
  return { rows: Object.fromEntries(counts.rows.map((r) => [r.name, Number(r.n)])), files: listFiles(t.deps.config.dataDir).sort() };
}

/** Sends an upload that must be refused: a 4xx with a message (and field errors when `field` is named), nothing written. */
async function refused(
  target: Target,
  body: { payload: Buffer; contentType: string },
  expected: { status?: number; message?: string; file?: string; field?: string } = {},
) {
  const before = await written();
  const res = await target.send(body.payload, body.contentType);
  expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, res.body).toBeLessThan(500);
  if (expected.status) expect(res.statusCode, res.body).toBe(expected.status);
  const json = res.json();
  expect(typeof json.message).toBe('string');
  expect(json.message.length).toBeGreaterThan(0);
  if (expected.message) expect(json.message).toBe(expected.message);
  if (expected.file) expect(json.errors?.file, res.body).toEqual([expected.file]);
  if (expected.field) expect(Object.keys(json.errors ?? {}), res.body).toContain(expected.field);
  expect(await written()).toEqual(before);
  return res;
}

const fieldsOf = (target: Target) => (target.purpose ? [{ name: 'purpose', data: target.purpose }] : []);
const withFile = (target: Target, file: Part, extra: Part[] = []) => multipart([...fieldsOf(target), file, ...extra]);
const typeError = (target: Target) => messages.fileType([...uploadRules[target.purpose ?? 'avatar'].extensions]);

it('knows every multipart endpoint of the API', () => {
  const multipartPaths = seen.filter((r) => r.config?.endpoint?.multipart).map((r) => r.config!.endpoint!.path);
  expect([...new Set(multipartPaths)].sort()).toEqual(targets.map((x) => x.path).sort());
});

describe.each(targets.map((x) => [x.path, x] as const))('POST %s', (_path, target) => {
  it("refuses a file over the endpoint's limit", async () => {
    const size = target.limitMb * MB + 1;
    const big = Buffer.concat([target.good.bytes, Buffer.alloc(size - target.good.bytes.length, 0x20)]);
    // Within the largest limit of all purposes the purpose's own limit speaks; beyond it, the reader stops at once.
    // Either way the answer names the endpoint's own limit (spec §5), never a bare "body too large".
    const expected =
      size > MAX_UPLOAD_BYTES
        ? { status: 413, message: messages.fileTooLarge(target.limitMb), file: messages.fileTooLarge(target.limitMb) }
        : { status: 422, file: messages.fileTooLarge(target.limitMb) };
    await refused(target, withFile(target, filePart(target.good.name, big)), expected);
  });

  it('refuses bytes of another type behind an allowed name, whatever Content-Type the client claims', async () => {
    for (const d of target.disguised) {
      const claimed = d.name.endsWith('.pdf') ? 'application/pdf' : d.name.endsWith('.txt') ? 'text/plain' : 'image/png';
      const res = await refused(target, withFile(target, filePart(d.name, d.bytes, claimed)), { status: 422, file: typeError(target) });
      expect(res.json().message, d.what).toBe(messages.givenDataInvalid);
    }
  });

  it('refuses empty files, a missing file part, a file under another field name, a second file and too many fields', async () => {
    await refused(target, withFile(target, filePart(target.good.name, Buffer.alloc(0))), { status: 422, file: messages.fileEmpty });
    await refused(target, multipart(fieldsOf(target)), { status: 422, file: messages.required });
    await refused(target, multipart([...fieldsOf(target), { name: 'upload', filename: target.good.name, data: target.good.bytes }]), { status: 422, field: 'upload' });
    const two = withFile(target, filePart(target.good.name, target.good.bytes), [filePart(`second-${target.good.name}`, target.good.bytes)]);
    await refused(target, two, { status: 413, message: 'Send one file at a time.' });
    const fields = Array.from({ length: 11 }, (_, i) => ({ name: `f${i}`, data: 'x' }));
    await refused(target, multipart([...fields, ...fieldsOf(target), filePart(target.good.name, target.good.bytes)]), { status: 413, message: 'The form has too many fields.' });
  });

  it('refuses a malformed multipart body and a body that is not multipart', async () => {
    const good = withFile(target, filePart(target.good.name, target.good.bytes));
    const malformed = { status: 400, message: 'The request body is not valid multipart form data.' };
    // Cut off before the closing boundary, the boundary missing from the Content-Type, and another boundary named there.
    await refused(target, multipart([...fieldsOf(target), filePart(target.good.name, target.good.bytes)], { close: false }), malformed);
    await refused(target, { payload: good.payload, contentType: 'multipart/form-data' }, malformed);
    await refused(target, { payload: good.payload, contentType: 'multipart/form-data; boundary=not-the-one-used' }, malformed);
    await refused(target, { payload: Buffer.from('not multipart at all'), contentType: good.contentType }, malformed);
    const unsupported = { status: 415, message: 'Unsupported content type.' };
    await refused(target, { payload: Buffer.from(JSON.stringify({ purpose: 'resume', file: PDF.toString('base64') })), contentType: 'application/json' }, unsupported);
    await refused(target, { payload: PDF, contentType: 'application/pdf' }, unsupported);
  });

  if (target.purpose) {
    it('refuses a purpose it does not know or does not take', async () => {
      for (const purpose of ['exe', '../resume', 'resume\u0000', 'R'.repeat(10_000), '']) {
        await refused(target, multipart([{ name: 'purpose', data: purpose }, filePart(target.good.name, target.good.bytes)]), { status: 422, field: 'purpose' });
      }
    });
  }

  it('refuses path-traversal names on bytes it does not take, and stores none of them', async () => {
    const bad = target.disguised[0]!.bytes;
    for (const name of ['../../etc/passwd.pdf', '..\\..\\windows\\cv.pdf', '/etc/cron.d/x.png', 'cv.pdf\u0000.png', `${'a'.repeat(10_000)}.pdf`]) {
      await refused(target, withFile(target, filePart(name, bad)), { status: 422, file: typeError(target) });
    }
  });

  it('keeps no character that disguises a name: bidi overrides and isolates, direction marks, zero-width characters', async () => {
    const disguised: Array<[string, string]> = [
      ['cv\u202Efdp.exe.txt', 'cvfdp.exe.txt'],
      ['a\u202Ab\u202Bc\u202Cd\u202De.pdf', 'abcde.pdf'],
      ['x\u2066y\u2067z\u2068w\u2069.pdf', 'xyzw.pdf'],
      ['\uFEFFcv\u200B\u200E\u200F\u061C.pdf', 'cv.pdf'],
      // Right-to-left names are names: Arabic letters stay.
      ['سيرة ذاتية.pdf', 'سيرة ذاتية.pdf'],
    ];
    for (const [name, kept] of disguised) {
      const body = withFile(target, filePart(name, target.good.bytes));
      const res = await target.send(body.payload, body.contentType);
      expect(res.statusCode, `${JSON.stringify(name)}: ${res.body}`).toBeLessThan(300);
      const [row] = await t.deps.db.select().from(files).orderBy(sql`${files.createdAt} desc, ${files.id} desc`).limit(1);
      expect(row!.originalName, JSON.stringify(name)).toBe(kept);
    }
  });

  it('stores an accepted file under its own key inside the upload folder, whatever name it came with', async () => {
    const root = resolve(t.deps.config.storageDir);
    const names = ['../../../../../../etc/passwd.pdf', '..\\..\\..\\x.pdf', '/abs/path/cv.pdf', 'cv\u0000.pdf', 'a'.repeat(5_000), '....//....//cv.pdf', '%2e%2e%2fcv.pdf'];
    const parts: Part[] = [
      ...names.map((name) => filePart(name, target.good.bytes)),
      // The RFC 5987 form of the name, which the reader decodes: the traversal arrives as a plain `../`.
      { name: 'file', disposition: `form-data; name="file"; filename*=UTF-8''..%2F..%2F..%2Fetc%2Fcv.pdf`, data: target.good.bytes },
    ];
    for (const part of parts) {
      const before = await written();
      const body = withFile(target, part);
      const res = await target.send(body.payload, body.contentType);
      expect(res.statusCode, `${preview(part)}: ${res.body}`).toBeLessThan(300);
      const [row] = await t.deps.db.select().from(files).orderBy(sql`${files.createdAt} desc, ${files.id} desc`).limit(1);
      const stored = resolve(root, row!.storageKey);
      expect(stored.startsWith(root + sep), stored).toBe(true);
      expect(readFileSync(stored).equals(target.good.bytes)).toBe(true);
      // The name kept for display is a bare file name: no folder, no control character, bounded.
      expect([...row!.originalName].filter((c) => c === '/' || c === '\\' || c.charCodeAt(0) < 0x20), preview(part)).toEqual([]);
      expect(row!.originalName.length).toBeLessThanOrEqual(200);
      // Exactly one new file on disk, and it is the stored one.
      const added = (await written()).files.filter((f) => !before.files.includes(f));
      expect(added).toEqual([`${relative(t.deps.config.dataDir, stored)} ${target.good.bytes.length}`]);
      expect(existsSync(resolve(root, '../../../../../../etc/passwd.pdf'))).toBe(false);
    }
  });
});
