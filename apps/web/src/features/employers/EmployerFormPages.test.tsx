// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { EmployerDetail } from '@hireline/contract/employers';
import { byText, choose, cleanup, detail, eid, employersApi, field, helperOf, mutations, openApp, openAsEmployer, type } from './employers.fixtures';
import { waitFor } from '../../test/wait';

afterEach(cleanup);

const MANAGER = ['employers.all'];
const ID = eid(7);
const form = () => document.querySelector<HTMLFormElement>('main form')!;
const submit = (label: string) => byText(label, form())!.click();

describe('EmployerCreatePage', () => {
  it('checks the fields with the contract, sends the body, maps a 422 onto its field, and opens the new employer', async () => {
    let answer: 'conflict' | 'created' = 'conflict';
    const { calls } = employersApi((method, url, body) => {
      if (method === 'POST' && url.pathname === '/portal/v1/employers')
        return answer === 'conflict'
          ? Response.json(
              { message: 'The given data was invalid.', errors: { business_name: ['Another employer of this site already has this name.'] } },
              { status: 422 },
            )
          : Response.json(detail(8, { business_name: (body as EmployerDetail).business_name }), { status: 201 });
      if (method === 'GET' && url.pathname === `/portal/v1/employers/${eid(8)}`) return detail(8, { business_name: 'Northwind Freight' });
      if (method === 'GET' && url.pathname === '/portal/v1/employers') return { data: [], meta: { page: 1, per_page: 25, total: 0 } };
      return undefined;
    });
    const router = await openApp('/acme/jobs/employers/create', MANAGER);
    await waitFor(() => expect(document.querySelector('main h1')?.textContent).toBe('Add an employer'));
    await waitFor(() => expect(form().textContent).toContain('Household'));

    // Nothing is sent while the contract's rules say no: the name is required, the website must be a URL.
    type(field('Website'), 'not a url');
    submit('Add employer');
    await waitFor(() => expect(helperOf('Business name')).toBe('This field is required.'));
    expect(helperOf('Website')).toBe('This value is invalid.');
    expect(mutations(calls)).toEqual([]);

    const radio = (label: string) => [...form().querySelectorAll('label')].find((l) => l.textContent === label)!.querySelector('input')!;
    expect(radio('Business').checked).toBe(true);
    radio('Household').click();
    type(field('Business name'), 'Northwind Freight');
    type(field('Registration number'), 'NW-42');
    await choose('Industry', 'Retail');
    await choose('Company size', '1–10 people');
    type(field('Website'), 'https://northwind.test');
    type(field('Contact email'), 'Ops@Northwind.test');
    type(field('City'), 'Marseille');
    type(field('Country'), 'France');
    submit('Add employer');
    await waitFor(() => expect(mutations(calls)).toHaveLength(1));
    expect(JSON.parse(mutations(calls)[0]!.replace('POST /portal/v1/employers ', ''))).toEqual({
      type: 'household',
      business_name: 'Northwind Freight',
      registration_number: 'NW-42',
      industry: 'retail',
      website: 'https://northwind.test',
      size: '1-10',
      contact_name: null,
      contact_email: 'ops@northwind.test',
      phone: null,
      address: { line1: null, line2: null, city: 'Marseille', region: null, postcode: null, country: 'France' },
      about: null,
      logo_file_id: null,
    });
    // The API's 422 lands on the field it names, in the reader's language.
    await waitFor(() => expect(helperOf('Business name')).toBe('Another employer of this site already has this name.'));
    expect(field('Business name').getAttribute('aria-invalid')).toBe('true');
    expect(router.state.location.pathname).toBe('/acme/jobs/employers/create');

    answer = 'created';
    type(field('Business name'), 'Northwind Freight Lyon');
    submit('Add employer');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/acme/jobs/employers/${eid(8)}`));
    // The snackbar is fetched with the first message (app/providers.tsx): it shows a moment after the change.
    await waitFor(() => expect(document.body.textContent).toContain('Northwind Freight Lyon was added.'));
  });

  it('cancel goes back where the user came from', async () => {
    employersApi((method, url) =>
      method === 'GET' && url.pathname === '/portal/v1/employers' ? { data: [], meta: { page: 1, per_page: 25, total: 0 } } : undefined,
    );
    const router = await openApp('/acme/jobs/employers', MANAGER);
    await waitFor(() => expect(byText('Add employer')).toBeDefined());
    byText('Add employer')!.click();
    await waitFor(() => expect(document.querySelector('main h1')?.textContent).toBe('Add an employer'));
    submit('Cancel');
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/jobs/employers'));
  });
});

describe('EmployerEditPage', () => {
  it('starts from the employer, saves every field with PATCH and opens the employer again', async () => {
    const { calls } = employersApi((method, url, body) => {
      if (method === 'GET' && url.pathname === `/portal/v1/employers/${ID}`) return detail(7);
      if (method === 'PATCH' && url.pathname === `/portal/v1/employers/${ID}`) return detail(7, body as Partial<EmployerDetail>);
      if (method === 'GET' && url.pathname === `/portal/v1/employers/${ID}/users`) return { data: [], roles: [] };
      return undefined;
    });
    const router = await openApp(`/acme/jobs/employers/${ID}/edit`, MANAGER);
    await waitFor(() => expect(document.querySelector('main h1')?.textContent).toBe('Edit Employer 7'));
    expect(field<HTMLInputElement>('Business name').value).toBe('Employer 7');
    expect(field<HTMLInputElement>('Postcode').value).toBe('69001');
    type(field('Phone'), '+33 4 00 00 00 00');
    type(field('Address line 1'), '');
    type(field('City'), '');
    type(field('Postcode'), '');
    type(field('Country'), '');
    submit('Save changes');
    await waitFor(() => expect(mutations(calls)).toHaveLength(1));
    const call = mutations(calls)[0]!;
    expect(call.startsWith(`PATCH /portal/v1/employers/${ID} {`)).toBe(true);
    // An address left blank is no address; the rest is the employer as it was, with the new phone.
    expect(JSON.parse(call.slice(call.indexOf(' {') + 1))).toMatchObject({ business_name: 'Employer 7', phone: '+33 4 00 00 00 00', address: null, size: '11-50' });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/acme/jobs/employers/${ID}`));
    await waitFor(() => expect(document.body.textContent).toContain('Changes to Employer 7 saved.'));
  });

  it('edits the selected employer at /employer/edit and returns to its profile', async () => {
    const { calls } = employersApi((method, url) => {
      if (method === 'GET' && url.pathname === `/portal/v1/employers/${ID}`) return detail(7);
      if (method === 'PATCH' && url.pathname === `/portal/v1/employers/${ID}`) return detail(7, { about: 'New text' });
      return undefined;
    });
    const router = await openAsEmployer('/acme/jobs/employer/edit', ['employers.view', 'employers.update'], ID);
    await waitFor(() => expect(document.querySelector('main h1')?.textContent).toBe('Edit Employer 7'));
    type(field<HTMLTextAreaElement>('About'), 'New text');
    submit('Save changes');
    await waitFor(() => expect(mutations(calls)[0]).toContain(`PATCH /portal/v1/employers/${ID} `));
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/jobs/employer'));
  });
});
