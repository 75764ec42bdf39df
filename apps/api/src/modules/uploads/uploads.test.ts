import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@hireline/contract/messages';
import { createTenant, type Tenant } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';

// A real 1×1 PNG and the start of a real PDF: types are decided from bytes.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer; type?: string }) {
  const boundary = '----hireline' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`));
    parts.push(file.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

let t: TestApp;
let tenant: Tenant;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t.deps.db);
  token = await login(t.app, tenant.users.accountAdmin.email);
});
afterAll(() => t.close());

const upload = (url: string, fields: Record<string, string>, file?: { name: string; bytes: Buffer; type?: string }) => {
  const { payload, headers } = multipart(fields, file);
  return call(t.app, { token }, { method: 'POST', url, payload, headers });
};

describe('POST /v1/forms/upload-file', () => {
  it('stores a resume, sniffs its type and serves it back through the signed URL only', async () => {
    const res = await upload('/portal/v1/forms/upload-file', { purpose: 'resume' }, { name: '../../etc/My CV.pdf', bytes: PDF, type: 'image/png' });
    expect(res.statusCode, res.body).toBe(201);
    const file = res.json();
    expect(file).toMatchObject({ purpose: 'resume', mime: 'application/pdf', name: 'My CV.pdf', size: PDF.length });

    const got = await t.app.inject({ method: 'GET', url: file.url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toContain("filename*=UTF-8''My%20CV.pdf");
    expect(got.rawPayload.equals(PDF)).toBe(true);

    const tampered = file.url.replace(/signature=[^&]+/, 'signature=forged');
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(404);
    const unsigned = file.url.split('?')[0];
    expect((await t.app.inject({ method: 'GET', url: unsigned })).statusCode).toBe(404);
  });

  it('accepts plain text as a resume but not binary junk named .txt', async () => {
    const ok = await upload('/portal/v1/forms/upload-file', { purpose: 'resume' }, { name: 'cv.txt', bytes: Buffer.from('Jane Doe\nEngineer\n') });
    expect(ok.json().mime).toBe('text/plain');
    const junk = await upload('/portal/v1/forms/upload-file', { purpose: 'resume' }, { name: 'cv.txt', bytes: Buffer.from([0, 1, 2, 255, 0]) });
    expect(junk.statusCode).toBe(422);
  });

  it('refuses a renamed file, an empty file, a missing or unknown purpose, with clear messages', async () => {
    const renamed = await upload('/portal/v1/forms/upload-file', { purpose: 'banner' }, { name: 'banner.png', bytes: PDF, type: 'image/png' });
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json().errors.file).toEqual([messages.fileType(['png', 'jpg', 'jpeg', 'webp'])]);
    const empty = await upload('/portal/v1/forms/upload-file', { purpose: 'resume' }, { name: 'cv.pdf', bytes: Buffer.alloc(0) });
    expect(empty.json().errors.file).toEqual([messages.fileEmpty]);
    const noPurpose = await upload('/portal/v1/forms/upload-file', {}, { name: 'a.png', bytes: PNG });
    expect(noPurpose.json().errors.purpose).toEqual([messages.required]);
    const badPurpose = await upload('/portal/v1/forms/upload-file', { purpose: 'exe' }, { name: 'a.png', bytes: PNG });
    expect(badPurpose.json().errors.purpose).toEqual([messages.invalid]);
    const noFile = await upload('/portal/v1/forms/upload-file', { purpose: 'resume' });
    expect(noFile.json().errors.file).toEqual([messages.required]);
  });

  it('refuses images over 5 MB', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload('/portal/v1/forms/upload-file', { purpose: 'banner' }, { name: 'big.png', bytes: big });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file).toEqual([messages.fileTooLarge(5)]);
  });

  it('needs a signed-in caller and a multipart body', async () => {
    const { payload, headers } = multipart({ purpose: 'resume' }, { name: 'cv.pdf', bytes: PDF });
    expect((await call(t.app, {}, { method: 'POST', url: '/portal/v1/forms/upload-file', payload, headers })).statusCode).toBe(401);
    const json = await call(t.app, { token }, { method: 'POST', url: '/portal/v1/forms/upload-file', payload: { purpose: 'resume' } });
    expect(json.statusCode).toBe(415);
  });
});

describe('POST /v1/user-account/avatar', () => {
  it('sets the avatar shown by /auth/me', async () => {
    const res = await upload('/portal/v1/user-account/avatar', {}, { name: 'me.png', bytes: PNG });
    expect(res.statusCode, res.body).toBe(200);
    const me = (await call(t.app, { token }, { method: 'GET', url: '/portal/auth/me' })).json();
    expect(me.avatar).toMatch(/^\/portal\/v1\/files\/[0-9a-f-]+\?expires=\d+&signature=/);
    const img = await t.app.inject({ method: 'GET', url: me.avatar });
    expect(img.headers['content-type']).toBe('image/png');
  });

  it('refuses a document as an avatar', async () => {
    const res = await upload('/portal/v1/user-account/avatar', {}, { name: 'me.png', bytes: PDF });
    expect(res.statusCode).toBe(422);
  });
});
