// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { byText, cleanup, detail, dialog, fakeApi, id, main, openApp, type } from './applications.fixtures';
import { waitFor } from './test-helpers';

afterEach(cleanup);

const APP = id(1);
const BASE = `/portal/v1/applications/${APP}`;
const RESUME = '00000000-0000-4000-8000-000000000701';
const CERT = '00000000-0000-4000-8000-000000000702';

/** Every tab's endpoint for one application; `feedback` and the file requests' headers are the test's to see. */
function api(opts: { feedback?: unknown } = {}) {
  const fileHeaders: Headers[] = [];
  const { calls } = fakeApi((method, url, body, headers) => {
    if (method === 'GET' && url.pathname === `${BASE}/overview`) return detail(1);
    if (method === 'GET' && url.pathname === `${BASE}/answers`)
      return {
        knocked_out: true,
        answers: [
          { question_id: 'q1', label: 'Do you hold a forklift licence?', type: 'yes_no', answer: false, knocked_out: true },
          { question_id: 'q2', label: 'Years of experience', type: 'number', answer: 10, knocked_out: false },
          { question_id: 'q3', label: 'Shifts', type: 'multiple_choice', answer: ['Night', 'Weekend'], knocked_out: false },
          { question_id: 'q4', label: 'Anything else?', type: 'long_text', answer: null, knocked_out: false },
        ],
      };
    if (method === 'GET' && url.pathname === `${BASE}/documents`)
      return {
        documents: [
          { id: RESUME, name: 'resume.pdf', mime: 'application/pdf', size: 245_000, kind: 'resume', created_at: '2025-01-02T10:00:00.000Z' },
          {
            id: CERT,
            name: 'certificate.docx',
            mime: 'application/msword',
            size: 1_200_000,
            kind: 'document',
            created_at: '2025-01-03T10:00:00.000Z',
          },
        ],
      };
    if (method === 'GET' && url.pathname.startsWith(`${BASE}/files/`)) {
      fileHeaders.push(headers);
      return new Response(new Blob(['%PDF-1.4'], { type: 'application/pdf' }), { headers: { 'Content-Type': 'application/pdf' } });
    }
    if (method === 'GET' && url.pathname === `${BASE}/history`)
      return {
        history: [
          {
            id: id(80),
            from_status: null,
            to_status: 'applied',
            actor: { type: 'candidate', name: null },
            notify: { admin: false, consultants: true, candidate: false },
            created_at: '2025-01-02T10:00:00.000Z',
          },
          {
            id: id(81),
            from_status: 'applied',
            to_status: 'shortlisted',
            actor: { type: 'user', name: 'Sofia Martinez' },
            notify: { admin: true, consultants: false, candidate: true },
            created_at: '2025-01-04T10:00:00.000Z',
          },
        ],
      };
    if (method === 'GET' && url.pathname === `${BASE}/tags`) return { tags: ['forklift'] };
    if (method === 'PUT' && url.pathname === `${BASE}/tags`) return { tags: (body as { tags: string[] }).tags };
    if (method === 'GET' && url.pathname === `${BASE}/seeker-application-feedback`) return { feedback: opts.feedback ?? null };
    return undefined;
  });
  return { calls, fileHeaders };
}

const panel = () => main().querySelector<HTMLElement>('[role="tabpanel"]')!;
const tab = (name: string) => [...main().querySelectorAll<HTMLElement>('[role="tab"]')].find((t) => t.textContent === name)!;

/** Opens a tab as a user does (its link), then waits for its panel. */
async function openTab(name: string, path: string, router: Awaited<ReturnType<typeof openApp>>) {
  tab(name).click();
  await waitFor(() => expect(router.state.location.pathname).toBe(`/acme/jobs/applications/${APP}/${path}`));
  await waitFor(() => expect(tab(name).getAttribute('aria-selected')).toBe('true'));
}

describe('application detail tabs', () => {
  it('each tab has its own address and loads its endpoint', async () => {
    const { calls } = api();
    const router = await openApp(`/acme/jobs/applications/${APP}/overview`, ['applications.all']);
    await waitFor(() => expect(tab('Answers')).toBeTruthy());

    await openTab('Answers', 'answers', router);
    await waitFor(() => expect(panel().textContent).toContain('Do you hold a forklift licence?'));
    expect(calls).toContain(`GET ${BASE}/answers`);
    const answers = panel().querySelectorAll('li');
    expect(answers[0]!.textContent).toBe('Do you hold a forklift licence?Knock-out answerNo');
    expect(answers[1]!.textContent).toBe('Years of experience10');
    expect(answers[2]!.textContent).toBe('ShiftsNight and Weekend');
    expect(answers[3]!.textContent).toBe('Anything else?Not answered');
    expect(panel().textContent).toContain('A knock-out answer marked this application Unsuccessful when it arrived.');

    await openTab('Documents', 'documents', router);
    await waitFor(() => expect(panel().textContent).toContain('resume.pdf'));
    expect(calls).toContain(`GET ${BASE}/documents`);
    expect(panel().textContent).toContain('245 kB');
    expect(panel().textContent).toContain('1.2 MB');
    // Only PDFs preview in the page.
    expect(panel().querySelector('button[aria-label="Preview resume.pdf"]')).not.toBeNull();
    expect(panel().querySelector('button[aria-label="Preview certificate.docx"]')).toBeNull();

    await openTab('History', 'history', router);
    await waitFor(() => expect(panel().textContent).toContain('By Sofia Martinez'));
    expect(calls).toContain(`GET ${BASE}/history`);
    const entries = [...panel().querySelectorAll('li')].map((li) => li.textContent);
    // Newest first; the arrow is hidden from screen readers, which hear "to".
    expect(entries[0]).toContain('Applied→toShortlist');
    expect(entries[0]).toContain('Emailed: admin and candidate');
    expect(entries[1]).toContain('Received as');
    expect(entries[1]).toContain('By the candidate');
    expect(entries[1]).toContain('Emailed: consultants');

    await openTab('Feedback', 'feedback', router);
    await waitFor(() => expect(panel().textContent).toContain('No feedback yet'));
    expect(calls).toContain(`GET ${BASE}/seeker-application-feedback`);
  });

  it("shows the candidate's feedback: rating, recommendation and comments", async () => {
    api({
      feedback: {
        rating: 4,
        employer_recommended: true,
        additional_feedback: 'Quick replies.',
        created_at: '2025-02-01T10:00:00.000Z',
        updated_at: '2025-02-01T10:00:00.000Z',
      },
    });
    await openApp(`/acme/jobs/applications/${APP}/feedback`, ['applications.view']);
    await waitFor(() => expect(panel().textContent).toContain('4 out of 5'));
    expect(panel().textContent).toContain('Would recommend the employerYes');
    expect(panel().textContent).toContain('Quick replies.');
  });

  it('saves the tags with PUT', async () => {
    const { calls } = api();
    await openApp(`/acme/jobs/applications/${APP}/tags`, ['applications.all']);
    const input = await waitFor(() => {
      const field = panel().querySelector<HTMLInputElement>('input');
      expect(panel().textContent).toContain('forklift');
      return field!;
    });
    expect(byText('Save tags')).toBeUndefined();
    type(input, 'Night ');
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    const save = await waitFor(() => {
      expect(byText('Save tags')).toBeDefined();
      return byText('Save tags')!;
    });
    save.click();
    await waitFor(() => expect(calls).toContain(`PUT ${BASE}/tags {"tags":["forklift","night"]}`));
    await waitFor(() => expect(document.body.textContent).toContain('Tags saved.'));
  });

  it('previews a PDF inside the page from an authenticated blob, released on close, and downloads under its name', async () => {
    const { calls, fileHeaders } = api();
    // A stand-in object URL that happy-dom can load into the frame (it fetches no blob: URLs).
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('about:blank#resume');
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
    await openApp(`/acme/jobs/applications/${APP}/documents`, ['applications.all']);
    const preview = await waitFor(() => {
      expect(panel().querySelector('button[aria-label="Preview resume.pdf"]')).not.toBeNull();
      return panel().querySelector<HTMLElement>('button[aria-label="Preview resume.pdf"]')!;
    });
    preview.click();
    const frame = await waitFor(() => {
      const found = dialog()?.querySelector('iframe');
      expect(found?.getAttribute('src')).toBe('about:blank#resume');
      return found!;
    });
    expect(frame.getAttribute('title')).toBe('Preview of resume.pdf');
    expect(calls).toContain(`GET ${BASE}/files/${RESUME}?disposition=inline`);
    expect(fileHeaders[0]!.get('Authorization')).toBe('Bearer t0ken');
    expect(fileHeaders[0]!.get('X-AF-SID')).toBeTruthy();
    expect(revoked).not.toHaveBeenCalled();
    byText('Close', dialog()!)!.click();
    await waitFor(() => expect(revoked).toHaveBeenCalledWith('about:blank#resume'));

    panel().querySelector<HTMLElement>('button[aria-label="Download certificate.docx"]')!.click();
    await waitFor(() => expect(saved).toContain('certificate.docx about:blank#resume'));
    expect(calls).toContain(`GET ${BASE}/files/${CERT}?disposition=attachment`);
    for (const spy of [created, revoked, click]) spy.mockRestore();
  });
});
