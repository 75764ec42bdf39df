// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { employerRegistrationMessages } from '@hireline/contract/board-employers';
import { calls, fakeApi, mountBoard, text, unmountBoard } from '../../test/app-harness';
import { description, json, labelled, type, waitFor } from '../../test/dom';

const submit = () => [...document.querySelectorAll('button')].find((b) => b.textContent === 'Register')!.click();

function fill() {
  type(labelled('Business name'), 'Harbour Kitchen');
  type(labelled('City'), 'Sydney');
  type(labelled('Full name'), 'Pat Owner');
  type(labelled('Email'), 'Pat@Example.com');
  type(labelled('Password'), 'correct horse 42');
}

afterEach(unmountBoard);

describe('employer registration', () => {
  it('sends the filled fields only and shows the API\'s answer with the portal link', async () => {
    const api = fakeApi({
      'POST /portal/v1/board/employers/register': () =>
        json(201, { status: 'pending', message: employerRegistrationMessages.pending, login_url: 'http://portal.localhost/login' }),
    });
    await mountBoard('/employers/register', { ready: 'form' });
    fill();
    submit();
    await waitFor(() => expect(text()).toContain(employerRegistrationMessages.pending));
    expect(JSON.parse(String(calls(api, 'POST', '/portal/v1/board/employers/register')[0]!.init.body))).toEqual({
      type: 'business',
      business_name: 'Harbour Kitchen',
      address: { city: 'Sydney' },
      user: { name: 'Pat Owner', email: 'pat@example.com', password: 'correct horse 42' },
    });
    expect([...document.querySelectorAll('a')].find((a) => a.textContent === 'Go to the employer portal')!.getAttribute('href')).toBe(
      'http://portal.localhost/login',
    );
  });

  it('checks required fields first, then shows the API\'s errors on nested fields', async () => {
    fakeApi({
      'POST /portal/v1/board/employers/register': () =>
        json(422, { message: 'The given data was invalid.', errors: { 'user.email': [employerRegistrationMessages.emailTaken] } }),
    });
    await mountBoard('/employers/register', { ready: 'form' });
    submit();
    await waitFor(() => expect(description(labelled('Business name'))).toBe('This field is required.'));
    expect(document.activeElement).toBe(labelled('Business name'));
    fill();
    submit();
    await waitFor(() => expect(description(labelled('Email'))).toBe(employerRegistrationMessages.emailTaken));
    expect(document.activeElement).toBe(labelled('Email'));
  });
});
