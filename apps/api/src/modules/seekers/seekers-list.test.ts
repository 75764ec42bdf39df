import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@hireline/contract/messages';
import { seekerSorts } from '@hireline/contract/seekers';
import { createTenant, type Tenant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { addSeeker } from '../../test/applications';
import { userWith } from '../../test/people';
import { account, seekerClient, site, type SeekerClient, type SeekerRow } from './seekers.fixtures';
import { coded } from '../../test/errors';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let admin: SeekerClient;
const rows: Record<string, SeekerRow> = {};

const at = (day: string) => new Date(`${day}T12:00:00Z`);

/** Alpha holds five candidates with known dates, tags and types; Beta holds another Anna Smith, which must never show. */
beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  b = await createTenant(t.deps.db, { name: 'Beta' });
  admin = seekerClient(t, await login(t.app, a.users.accountAdmin.email), account(a));
  // One at a time, so profile ids follow this order.
  const people: Array<[string, Parameters<typeof addSeeker>[2]]> = [
    ['anna', { name: 'Anna Smith', email: 'anna@alpha.test', createdAt: at('2030-01-01'), lastActiveAt: at('2030-02-05'), location: 'Leeds',
      visaType: 'Citizen', desiredWorkType: 'Full time', tags: ['forklift', 'night'] }],
    ['bob', { name: 'Bob Jones', email: 'bob.jones@mail.test', createdAt: at('2030-01-05'),
      visaType: 'Work visa', desiredWorkType: 'Part time', tags: ['night'], enabled: false }],
    ['carla', { name: 'Carla Diaz', email: 'carla@example.test', createdAt: at('2030-01-10'), lastActiveAt: at('2030-02-10'),
      visaType: 'Citizen', desiredWorkType: 'Part time' }],
    ['dave', { name: 'Dave Brown', email: 'dave@example.test', createdAt: at('2030-01-15'), lastActiveAt: at('2030-02-01'),
      tags: ['forklift'], phone: '+44 1', location: '=HYPERLINK("http://evil")' }],
    ['erin', { name: 'Erin Young', email: 'erin@example.test', createdAt: at('2030-01-20'), location: 'York, "North"' }],
  ];
  for (const [key, values] of people) rows[key] = await addSeeker(t, a, values);
  await addSeeker(t, b, { name: 'Anna Smith', email: 'anna@beta.test' });
});
afterAll(() => t.close());

type Page = { data: Array<{ id: string } & Record<string, unknown>>; meta: { page: number; per_page: number; total: number } };
const list = async (query: Record<string, string | string[]> = {}, who: SeekerClient = admin) => {
  const res = await who.get('/v1/seekers', query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
};
const keys = (data: Array<{ id: string }>) => data.map((r) => Object.keys(rows).find((k) => rows[k]!.id === r.id) ?? r.id);
const digits = (profileId: string) => String(Number(profileId.slice(3)));

describe('GET /v1/seekers', () => {
  it("lists the account's candidates newest first, with summaries and page meta", async () => {
    const res = await list();
    expect(keys(res.data)).toEqual(['erin', 'dave', 'carla', 'bob', 'anna']);
    expect(res.meta).toEqual({ page: 1, per_page: 25, total: 5 });
    expect(res.data.at(-1)).toEqual({
      id: rows.anna!.id,
      profile_id: rows.anna!.profileId,
      name: 'Anna Smith',
      email: 'anna@alpha.test',
      phone: null,
      location: 'Leeds',
      visa_type: 'Citizen',
      desired_work_type: 'Full time',
      tags: ['forklift', 'night'],
      enabled: true,
      erased: false,
      created_at: '2030-01-01T12:00:00.000Z',
      last_active_at: '2030-02-05T12:00:00.000Z',
    });
    expect(rows.anna!.profileId).toMatch(/^SK-\d{6}$/);
  });

  it('is the same list from any site of the account: seekers belong to the account', async () => {
    const manager = seekerClient(t, await login(t.app, a.users.siteManager.email), site(a));
    expect(keys((await list({}, manager)).data)).toEqual(['erin', 'dave', 'carla', 'bob', 'anna']);
    const other = seekerClient(t, await login(t.app, b.users.accountAdmin.email), account(b));
    expect((await list({}, other)).data.map((s) => s.email)).toEqual(['anna@beta.test']);
  });

  it('pages', async () => {
    const p2 = await list({ per_page: '2', page: '2' });
    expect(keys(p2.data)).toEqual(['carla', 'bob']);
    expect(p2.meta).toEqual({ page: 2, per_page: 2, total: 5 });
    const past = await list({ per_page: '2', page: '4' });
    expect(past.data).toEqual([]);
    expect(past.meta.total).toBe(5);
    expect((await admin.get('/v1/seekers', { per_page: '101' })).statusCode).toBe(422);
    expect((await admin.get('/v1/seekers', { page: '0' })).statusCode).toBe(422);
  });

  it('sorts by every sort of the contract, and only those', async () => {
    const order = async (sort: string) => keys((await list({ sort })).data);
    expect(await order('created_at')).toEqual(['anna', 'bob', 'carla', 'dave', 'erin']);
    expect(await order('-created_at')).toEqual(['erin', 'dave', 'carla', 'bob', 'anna']);
    expect(await order('name')).toEqual(['anna', 'bob', 'carla', 'dave', 'erin']);
    expect(await order('-name')).toEqual(['erin', 'dave', 'carla', 'bob', 'anna']);
    // Never active last, newest first among them.
    expect(await order('-last_active_at')).toEqual(['carla', 'anna', 'dave', 'erin', 'bob']);
    expect(await order('profile_id')).toEqual(['anna', 'bob', 'carla', 'dave', 'erin']);
    const bad = await admin.get('/v1/seekers', { sort: 'password_hash' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ sort: [messages.invalid] });
  });

  it('filters by desired work type, visa type, tags (all of them) and enabled', async () => {
    expect(keys((await list({ desired_work_type: 'Part time' })).data)).toEqual(['carla', 'bob']);
    expect(keys((await list({ visa_type: 'Citizen' })).data)).toEqual(['carla', 'anna']);
    expect(keys((await list({ tags: 'night' })).data)).toEqual(['bob', 'anna']);
    expect(keys((await list({ tags: ['forklift', 'night'] })).data)).toEqual(['anna']);
    expect(keys((await list({ tags: 'FORKLIFT' })).data)).toEqual(['dave', 'anna']);
    expect(keys((await list({ enabled: 'false' })).data)).toEqual(['bob']);
    expect((await list({ enabled: 'true' })).meta.total).toBe(4);
    expect(keys((await list({ visa_type: 'Citizen', desired_work_type: 'Part time' })).data)).toEqual(['carla']);
    expect((await admin.get('/v1/seekers', { enabled: 'yes' })).json().errors).toEqual({ enabled: [messages.invalid] });
  });

  it('searches name, email (also inside it) and profile id, in the account only', async () => {
    expect(keys((await list({ q: 'anna' })).data)).toEqual(['anna']);
    expect(keys((await list({ q: 'jon' })).data)).toEqual(['bob']);
    expect(keys((await list({ q: 'Smith Ann' })).data)).toEqual(['anna']);
    expect(keys((await list({ q: 'mail.test' })).data)).toEqual(['bob']);
    // Inside a word, in any case: the substring match, not the word prefixes.
    expect(keys((await list({ q: 'MITH' })).data)).toEqual(['anna']);
    expect(keys((await list({ q: 'AIL.TES' })).data)).toEqual(['bob']);
    expect(keys((await list({ q: 'example.test' })).data)).toEqual(['erin', 'dave', 'carla']);
    expect(keys((await list({ q: rows.carla!.profileId })).data)).toEqual(['carla']);
    expect(keys((await list({ q: rows.carla!.profileId.toLowerCase() })).data)).toEqual(['carla']);
    expect(keys((await list({ q: digits(rows.dave!.profileId) })).data)).toEqual(['dave']);
    expect(keys((await list({ q: 'example', enabled: 'true', sort: 'name' })).data)).toEqual(['carla', 'dave', 'erin']);
    expect((await list({ q: '%' })).meta.total).toBe(0);
    expect((await list({ q: 'nobody' })).meta.total).toBe(0);
  });
});

describe('GET /v1/seekers as CSV', () => {
  const csv = (query: Record<string, string | string[]> = {}, who: SeekerClient = admin) => who.get('/v1/seekers', query, { accept: 'text/csv' });

  it('exports every page of the filtered, sorted list with formula-safe cells', async () => {
    const res = await csv({ per_page: '1', sort: 'created_at' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="seekers-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFFID,Profile ID,Name,Email,Phone,Location,Visa type,Desired work type,Tags,Enabled,Erased,Created (UTC),Last active (UTC)');
    expect(lines).toHaveLength(7); // header, five seekers, and the final line break
    expect(lines[1]).toBe(
      `${rows.anna!.id},${rows.anna!.profileId},Anna Smith,anna@alpha.test,,Leeds,Citizen,Full time,forklift; night,yes,no,` +
        '2030-01-01 12:00:00,2030-02-05 12:00:00',
    );
    // A formula is neutralised, then quoted because it holds quotes; so is a phone number starting with `+`.
    expect(lines[4]).toBe(
      `${rows.dave!.id},${rows.dave!.profileId},Dave Brown,dave@example.test,'+44 1,"'=HYPERLINK(""http://evil"")",,,forklift,yes,no,` +
        '2030-01-15 12:00:00,2030-02-01 12:00:00',
    );
    expect(lines[5]).toContain(',"York, ""North""",');
    expect(res.body).not.toContain('anna@beta.test');
  });

  it('applies the filters and search', async () => {
    const res = await csv({ enabled: 'false' });
    expect(res.body.trim().split('\r\n')).toHaveLength(2);
    expect(res.body).toContain('bob.jones@mail.test');
    expect((await csv({ q: 'example.test' })).body.trim().split('\r\n')).toHaveLength(4);
  });

  it('needs seekers.export; the JSON list does not', async () => {
    const viewer = await userWith(t, a, ['seekers.view', 'seekers.update']);
    const c = seekerClient(t, viewer.token, site(a));
    const res = await csv({}, c);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(coded({ message: messages.unauthorized }));
    expect((await c.get('/v1/seekers')).statusCode).toBe(200);
    const exporter = await userWith(t, a, ['seekers.view', 'seekers.export']);
    expect((await csv({}, seekerClient(t, exporter.token, site(a)))).statusCode).toBe(200);
  });
});

describe('GET /v1/seekers/sort-options', () => {
  it("answers the contract's sorts in order with English labels", async () => {
    const res = await admin.get('/v1/seekers/sort-options');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { value: '-created_at', label: 'Newest first' },
      { value: 'created_at', label: 'Oldest first' },
      { value: 'name', label: 'Name (A–Z)' },
      { value: '-name', label: 'Name (Z–A)' },
      { value: '-last_active_at', label: 'Recently active' },
      { value: 'profile_id', label: 'Profile ID' },
    ]);
    expect(res.json().map((o: { value: string }) => o.value)).toEqual([...seekerSorts]);
  });
});
