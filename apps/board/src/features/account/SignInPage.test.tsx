// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { candidateMessages } from '@hireline/contract/board-candidates';
import { messages } from '@hireline/contract/messages';
import { fakeApi, mountBoard, text, unmountBoard } from '../../test/app-harness';
import { json, labelled, type, waitFor } from '../../test/dom';

afterEach(unmountBoard);

async function signInWith(answer: () => Response) {
  fakeApi({ 'POST /portal/v1/board/candidates/login': answer });
  await mountBoard('/sign-in');
  type(labelled('Email'), 'sam@example.com');
  type(labelled('Password'), 'Right-pass-1');
  [...document.querySelectorAll('button')].find((b) => b.textContent === 'Sign in' && b.getAttribute('type') === 'submit')!.click();
}

describe('signing in on the wrong board', () => {
  it("names the candidate's own board and links to its sign-in page", async () => {
    await signInWith(() =>
      json(401, {
        message: candidateMessages.accountElsewhere,
        code: 'account_elsewhere',
        elsewhere: { name: 'Globex Jobs', url: 'http://jobs.globex.localhost:3000/sign-in' },
      }),
    );
    await waitFor(() => expect(text()).toContain('Your account is on Globex Jobs.'));
    const link = [...document.querySelectorAll('a')].find((a) => a.textContent === 'Sign in on Globex Jobs');
    expect(link?.getAttribute('href')).toBe('http://jobs.globex.localhost:3000/sign-in');
  });

  it('shows the usual refusal for wrong credentials, naming no board', async () => {
    await signInWith(() => json(401, { message: messages.invalidCredentials }));
    await waitFor(() => expect(text()).toContain(messages.invalidCredentials));
    expect(text()).not.toContain('Your account is on');
  });
});
