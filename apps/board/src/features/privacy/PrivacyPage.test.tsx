// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n';
import { fakeApi, mountBoard, SITE, unmountBoard } from '../../test/app-harness';
import { json, waitFor } from '../../test/dom';

/* The board's privacy notice tells candidates the periods of their site's own account, in their language. */

afterEach(async () => {
  unmountBoard();
  await i18n.changeLanguage('en');
});

const text = (id: string) => document.querySelector(`[data-testid="${id}"]`)?.textContent ?? '';

function api(retention: { application_days: number; candidate_days: number }) {
  fakeApi({
    'GET /portal/v1/board/site': () => json(200, { ...SITE, retention }),
    'GET /portal/v1/board/jobs': () => json(200, { data: [], meta: { page: 1, per_page: 20, total: 0 } }),
  });
}

describe('privacy notice', () => {
  it('states the account’s periods for closed applications and inactive candidates, linked from the footer', async () => {
    api({ application_days: 180, candidate_days: 400 });
    const router = await mountBoard('/jobs');
    const link = await waitFor(() => {
      const a = [...document.querySelectorAll<HTMLAnchorElement>('footer a')].find((el) => el.textContent === 'Privacy');
      if (!a) throw new Error('No privacy link');
      return a;
    });
    expect(link.getAttribute('href')).toBe('/privacy');
    link.click();
    await waitFor(() => expect(router.state.location.pathname).toBe('/privacy'));
    await waitFor(() => expect(text('privacy-applications')).toContain('removed from it 180 days after its last change'));
    expect(text('privacy-candidates')).toBe('If you neither sign in nor apply for 400 days, your profile and all your personal data are erased.');
    expect(document.title).toBe('Privacy · Acme Jobs');
  });

  it('speaks the reader’s language', async () => {
    await i18n.changeLanguage('fr');
    api({ application_days: 730, candidate_days: 1095 });
    await mountBoard('/privacy');
    await waitFor(() => expect(text('privacy-candidates')).toContain('pendant 1095 jours'));
    await i18n.changeLanguage('ar');
    await waitFor(() => expect(text('privacy-applications')).toContain('730 يوم'));
  });
});
