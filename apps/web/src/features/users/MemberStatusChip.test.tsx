// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountMemberStatuses } from '@hireline/contract/account-users';
import i18n from '../../test/i18n';
import { MemberStatusChip } from './PeopleTab';
import type { MemberStatus } from './users.search';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLElement;
beforeEach(() => {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(async () => {
  act(() => root.unmount());
  host.remove();
  await i18n.changeLanguage('en');
});

async function chip(status: MemberStatus, language = 'en') {
  await i18n.changeLanguage(language);
  act(() => root.render(<MemberStatusChip status={status} />));
  return host.querySelector('.MuiChip-root')!;
}

describe('MemberStatusChip', () => {
  it('says an employer registrant awaits approval or was declined, never "Active"', async () => {
    expect((await chip('registration_pending')).textContent).toBe('Awaiting approval');
    expect((await chip('registration_declined')).textContent).toBe('Registration declined');
    expect((await chip('registration_declined')).className).toContain('MuiChip-colorError');
    expect((await chip('active')).textContent).toBe('Active');
  });

  it('says it in French and Arabic too', async () => {
    expect((await chip('registration_pending', 'fr')).textContent).toBe('En attente d’approbation');
    expect((await chip('registration_declined', 'fr')).textContent).toBe('Inscription refusée');
    expect((await chip('registration_pending', 'ar')).textContent).toBe('بانتظار الموافقة');
    expect((await chip('registration_declined', 'ar')).textContent).toBe('رُفض التسجيل');
  });

  it('has a label in every language for every status the API answers', () => {
    for (const language of ['en', 'fr', 'ar']) {
      for (const s of accountMemberStatuses) expect(i18n.exists(`users:status.${s}`, { lng: language }), `${language} ${s}`).toBe(true);
    }
  });
});
