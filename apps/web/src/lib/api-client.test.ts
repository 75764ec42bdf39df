// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { login, logout, me } from '@hireline/contract/auth';
import { downloadSeekerFile } from '@hireline/contract/seekers';
import { getMail, listMail } from '@hireline/contract/system';
import { ApiError, request, setImpersonationExpiredHandler, setSessionExpiredHandler } from './api-client';
import { requestBlob } from './api-files';
import { session } from './session';
import { snackbar } from './snackbar';

const ID = '00000000-0000-4000-8000-000000000001';
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let expired: ReturnType<typeof vi.fn<() => void>>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  expired = vi.fn<() => void>();
  setSessionExpiredHandler(expired);
  snackbar.close();
  session.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  setSessionExpiredHandler(null);
  setImpersonationExpiredHandler(null);
});

describe('request', () => {
  it('builds the URL from the endpoint and sends the enterprise, auth and scope headers', async () => {
    session.setToken('tok');
    session.setScope({ accountId: 'acc', siteId: 'site', employerId: null });
    fetchMock.mockResolvedValue(json(200, { data: [], meta: { page: 2, per_page: 10, total: 0 } }));

    const result = await request(listMail, { query: { page: 2, per_page: 10, q: undefined } });

    expect(result.meta.page).toBe(2);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/portal/v1/dev/mail?page=2&per_page=10');
    const headers = new Headers(init?.headers);
    expect(headers.get('X-AF-EID')).toBe('demo');
    expect(headers.get('Authorization')).toBe('Bearer tok');
    expect(headers.get('X-AF-AID')).toBe('acc');
    expect(headers.get('X-AF-SID')).toBe('site');
    expect(headers.has('X-AF-EMPID')).toBe(false);
  });

  it('substitutes path parameters and sends JSON bodies', async () => {
    const mail = { id: ID, to: 'a@b.test', subject: 'Hi', event: 'x', status: 'sent', created_at: 'now', sent_at: null };
    fetchMock.mockResolvedValueOnce(json(200, { ...mail, html: '<p>Hi</p>', text: 'Hi' }));
    expect(await request(getMail, { params: { id: ID } })).toMatchObject({ subject: 'Hi', html: '<p>Hi</p>' });
    expect(fetchMock.mock.calls[0]![0]).toBe(`/portal/v1/dev/mail/${ID}`);

    fetchMock.mockResolvedValueOnce(json(200, { access_token: 'a', token_type: 'Bearer', expires_at: 'x' }));
    await request(login, { body: { email: 'a@b.test', password: 'pw' } });
    const init = fetchMock.mock.calls[1]![1]!;
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"email":"a@b.test","password":"pw"}');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
  });

  it('throws ApiError with the field errors of a 422 and the wait of a 429', async () => {
    fetchMock.mockResolvedValueOnce(
      json(422, { message: 'The given data was invalid.', errors: { email: ['This field is required.'] } }),
    );
    const invalid = await request(login, { body: { email: '', password: '' } }).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(ApiError);
    expect(invalid).toMatchObject({ status: 422, errors: { email: ['This field is required.'] } });

    fetchMock.mockResolvedValueOnce(json(429, { message: 'Too many requests. Please try again later.' }, { 'Retry-After': '30' }));
    await expect(request(login, { body: { email: 'a@b.test', password: 'x' } })).rejects.toMatchObject({
      status: 429,
      retryAfter: 30,
    });
  });
});

describe('requestBlob', () => {
  const FILE = '00000000-0000-4000-8000-000000000002';
  const input = { params: { uuid: ID, file: FILE }, query: { disposition: 'inline' as const } };

  it('hands back the bytes, sent with the same URL rules, token and scope headers as every request', async () => {
    session.setToken('tok');
    session.setScope({ accountId: 'acc', siteId: 'site', employerId: 'emp' });
    fetchMock.mockResolvedValue(new Response(new Blob(['%PDF-1.4'], { type: 'application/pdf' })));

    const blob = await requestBlob(downloadSeekerFile, input);

    expect(await blob.text()).toBe('%PDF-1.4');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`/portal/v1/seekers/${ID}/files/${FILE}?disposition=inline`);
    expect(init?.method).toBe('GET');
    const headers = new Headers(init?.headers);
    expect(headers.get('Accept')).toBe('*/*');
    expect(headers.get('Authorization')).toBe('Bearer tok');
    expect(headers.get('X-AF-EID')).toBe('demo');
    expect([headers.get('X-AF-AID'), headers.get('X-AF-SID'), headers.get('X-AF-EMPID')]).toEqual(['acc', 'site', 'emp']);
  });

  it('throws the API\'s error, and a 401 ends the session like any other request', async () => {
    fetchMock.mockResolvedValueOnce(json(404, { message: 'Not found.' }));
    const missing = requestBlob(downloadSeekerFile, input);
    await expect(missing).rejects.toMatchObject({ name: 'ApiError', status: 404, message: 'Not found.' });
    expect(expired).not.toHaveBeenCalled();

    session.setToken('stale');
    fetchMock.mockResolvedValueOnce(json(401, { message: 'Unauthenticated.' }));
    await expect(requestBlob(downloadSeekerFile, input)).rejects.toMatchObject({ status: 401 });
    expect(session.get().token).toBeNull();
    expect(snackbar.get()).toMatchObject({ open: true, type: 'error', message: 'Your session has expired.' });
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('says a network failure the way requests do, and lets a cancelled preview stay cancelled', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(requestBlob(downloadSeekerFile, input)).rejects.toMatchObject({ status: 0, code: 'network_error' });

    const controller = new AbortController();
    controller.abort();
    const aborted = new DOMException('The operation was aborted.', 'AbortError');
    fetchMock.mockRejectedValueOnce(aborted);
    await expect(requestBlob(downloadSeekerFile, { ...input, signal: controller.signal })).rejects.toBe(aborted);
  });
});

describe('401 handling (spec §4)', () => {
  it('clears the session, shows the expiry toast and sends the user to login', async () => {
    session.setToken('stale');
    session.setScope({ accountId: 'acc', siteId: null, employerId: null });
    fetchMock.mockResolvedValue(json(401, { message: 'Unauthenticated.' }));

    await expect(request(me)).rejects.toMatchObject({ status: 401 });

    expect(session.get()).toEqual({ token: null, scope: { accountId: null, siteId: null, employerId: null }, parent: null });
    expect(localStorage.getItem('hireline:token')).toBeNull();
    expect(snackbar.get()).toMatchObject({ open: true, type: 'error', message: 'Your session has expired.' });
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('acts once when several requests fail together', async () => {
    session.setToken('stale');
    fetchMock.mockImplementation(async () => json(401, { message: 'Unauthenticated.' }));
    await Promise.allSettled([request(me), request(listMail), request(me)]);
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('leaves a failed sign-in alone', async () => {
    fetchMock.mockResolvedValue(json(401, { message: 'These credentials do not match our records.' }));
    await expect(request(login, { body: { email: 'a@b.test', password: 'bad' } })).rejects.toMatchObject({
      status: 401,
      message: 'These credentials do not match our records.',
    });
    expect(snackbar.get().open).toBe(false);
    expect(expired).not.toHaveBeenCalled();
  });

  it('leaves a refused sign-out alone: the token is gone, which is what signing out wanted', async () => {
    session.setToken('revoked');
    fetchMock.mockResolvedValue(json(401, { message: 'Unauthenticated.' }));
    await expect(request(logout)).rejects.toMatchObject({ status: 401 });
    expect(session.get().token).toBe('revoked');
    expect(expired).not.toHaveBeenCalled();
  });

  it('while impersonating, hands over to the staff session once instead of signing out', async () => {
    // As lib/auth does: the kept staff session becomes the session at once.
    const ended = vi.fn(() => void session.endImpersonation());
    setImpersonationExpiredHandler(ended);
    session.setToken('staff');
    session.startImpersonation('child', '/acme/users');
    fetchMock.mockImplementation(async () => json(401, { message: 'Unauthenticated.' }));

    await Promise.allSettled([request(me), request(listMail), request(me)]);

    expect(ended).toHaveBeenCalledTimes(1);
    expect(expired).not.toHaveBeenCalled();
    expect(snackbar.get().open).toBe(false);
    expect(session.get()).toMatchObject({ token: 'staff', parent: null });
  });

  it('while impersonating without a handler, expires as usual', async () => {
    session.setToken('staff');
    session.startImpersonation('child', '/acme/users');
    fetchMock.mockResolvedValue(json(401, { message: 'Unauthenticated.' }));
    await expect(request(me)).rejects.toMatchObject({ status: 401 });
    expect(session.get()).toMatchObject({ token: null, parent: null });
    expect(expired).toHaveBeenCalledTimes(1);
  });
});
