// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getBoardSite } from '@hireline/contract/board';
import { candidateLogin } from '@hireline/contract/board-candidate-account';
import { applyForJob, getCandidateProfile, uploadCandidateFile } from '@hireline/contract/board-candidates';
import { getBranding } from '@hireline/contract/branding';

const respond = (status: number, body: unknown) =>
  vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(body === null ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.resetModules();
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

/** A fresh copy of the client as a page at `url` loads it (the dev board is read once, at start). */
async function client(url = '/') {
  window.history.replaceState(null, '', url);
  vi.resetModules();
  const api = await import('./api-client');
  const { session } = await import('./session');
  return { ...api, session };
}

const sent = (fetchMock: ReturnType<typeof respond>) => {
  const [input, init] = fetchMock.mock.calls[0]!;
  return { url: new URL(String(input), 'http://x'), headers: new Headers(init?.headers), body: init?.body };
};

describe('board API client', () => {
  it('sends the enterprise key and the candidate\'s token, no board name in production', async () => {
    const { request, session } = await client();
    session.signIn('tok');
    const fetchMock = respond(200, { name: 'Acme Jobs', locale: 'en', currency: 'AUD', live_jobs: 0, filters: { work_types: [], classifications: [], pay_types: [] } });
    vi.stubGlobal('fetch', fetchMock);
    await request(getBoardSite);
    const { url, headers } = sent(fetchMock);
    expect(url.pathname + url.search).toBe('/portal/v1/board/site');
    expect(headers.get('X-AF-EID')).toBe('demo');
    expect(headers.get('Authorization')).toBe('Bearer tok');
    expect(headers.get('X-Board-Host')).toBeNull();
  });

  it('on the dev server names the board from ?board= wherever the endpoint takes a domain', async () => {
    const { request, upload } = await client('/jobs?board=jobs.acme.localhost');
    // The empty answers do not match the contract; the client says so on the console, which is not under test here.
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let fetchMock = respond(200, {});
    vi.stubGlobal('fetch', fetchMock);
    await request(getBranding, { query: { domain: 'ignored' } }).catch(() => undefined);
    await request(getBoardSite).catch(() => undefined);
    await request(applyForJob, { params: { uuid: '00000000-0000-4000-8000-000000000001' }, body: { answers: [] } }).catch(() => undefined);
    const urls = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://x'));
    expect(urls[0]!.searchParams.get('domain')).toBe('jobs.acme.localhost');
    expect(urls[1]!.searchParams.get('domain')).toBe('jobs.acme.localhost');
    const applyInit = fetchMock.mock.calls[2]![1]!;
    expect(JSON.parse(String(applyInit.body))).toEqual({ answers: [], domain: 'jobs.acme.localhost' });
    expect(new Headers(applyInit.headers).get('X-Board-Host')).toBe('jobs.acme.localhost');
    // Uploads take no domain: the dev proxy turns X-Board-Host into the Host header instead.
    fetchMock = respond(201, {});
    vi.stubGlobal('fetch', fetchMock);
    await upload(uploadCandidateFile, { purpose: 'resume', file: new Blob(['x']) }).catch(() => undefined);
    expect(sent(fetchMock).url.search).toBe('');
    expect(sent(fetchMock).body).toBeInstanceOf(FormData);
    expect(sent(fetchMock).headers.get('X-Board-Host')).toBe('jobs.acme.localhost');
  });

  it('drops the token and reports the end of the session on a candidate endpoint\'s 401 only', async () => {
    const { request, session, setSessionExpiredHandler, ApiError } = await client();
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    session.signIn('tok');
    // A refused sign-in is wrong credentials, not an ended session.
    vi.stubGlobal('fetch', respond(401, { message: 'These credentials do not match our records.' }));
    await expect(request(candidateLogin, { body: { email: 'a@b.co', password: 'x' } })).rejects.toBeInstanceOf(ApiError);
    expect(session.get().token).toBe('tok');
    expect(expired).not.toHaveBeenCalled();
    vi.stubGlobal('fetch', respond(401, { message: 'Unauthenticated.' }));
    await expect(request(getCandidateProfile)).rejects.toMatchObject({ status: 401, message: 'Unauthenticated.' });
    expect(session.get().token).toBeNull();
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('turns any failure into the API\'s message, or a generic one', async () => {
    const { request } = await client();
    vi.stubGlobal('fetch', respond(422, { message: 'The given data was invalid.', errors: { email: ['This value is invalid.'] } }));
    await expect(request(candidateLogin, { body: { email: 'x', password: 'y' } })).rejects.toMatchObject({
      status: 422,
      errors: { email: ['This value is invalid.'] },
    });
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })));
    await expect(request(getBoardSite)).rejects.toMatchObject({ status: 502, message: 'Unknown error.' });
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    await expect(request(getBoardSite)).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });
});
