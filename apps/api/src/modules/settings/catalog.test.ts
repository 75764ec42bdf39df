import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationStatuses, applyTypes } from '@hireline/contract/enums';
import { messages } from '@hireline/contract/messages';
import { siteSettingsMessages } from '@hireline/contract/site-settings';
import { defaultApplicationStages } from '../../db/defaults';
import { createTenant, type Tenant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { addTiers } from '../../test/credits';
import { client, employer1, site1, type Client } from '../../test/client';
import { auditOf } from '../../test/audit';
import { settingsMessages } from './site-settings.service';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let admin: Client;
let manager: Client;
let employer: Client;
let beta: Client;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  b = await createTenant(t.deps.db, { name: 'Beta' });
  await addTiers(t, a);
  admin = client(t, await login(t.app, a.users.accountAdmin.email), site1(a));
  manager = client(t, await login(t.app, a.users.siteManager.email), site1(a));
  employer = client(t, await login(t.app, a.users.employerAdmin.email), employer1(a));
  beta = client(t, await login(t.app, b.users.accountAdmin.email), site1(a));
});
afterAll(() => t.close());

/** The default stages as the endpoint takes them, reversed, with Interviewed relabelled and hidden. */
const reordered = () =>
  [...defaultApplicationStages].reverse().map((s) => ({
    status: s.status,
    label: s.status === 'interviewed' ? 'Met in person' : s.label,
    color: s.status === 'interviewed' ? '#112233' : s.color,
    visible: s.status !== 'interviewed',
    email_admin: s.status === 'offered',
    email_consultants: s.emailConsultants,
    email_candidate: s.emailCandidate,
  }));

describe('PUT /v1/site/application-stages', () => {
  it('replaces the stages in the order given; the stages list answers the new order at once', async () => {
    const body = reordered();
    const res = await manager.put('/v1/site/application-stages', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(body.map((s, position) => ({ ...s, position })));
    const listed = (await admin.get('/v1/site/application-stages')).json();
    expect(listed.map((s: { status: string }) => s.status)).toEqual([...applicationStatuses].reverse());
    expect(listed.find((s: { status: string }) => s.status === 'interviewed')).toEqual({
      status: 'interviewed',
      label: 'Met in person',
      color: '#112233',
      position: 3,
      visible: false,
      email_admin: false,
      email_consultants: true,
      email_candidate: true,
    });
    expect(listed.find((s: { status: string }) => s.status === 'offered').email_admin).toBe(true);
    const [entry] = await auditOf(t, a.sites[0].id, 'stages.update');
    expect(entry).toMatchObject({ actorUserId: a.users.siteManager.id, data: { order: [...applicationStatuses].reverse() } });

    // The other site keeps its own order.
    const other = client(t, await login(t.app, a.users.accountAdmin.email), { accountId: a.account.id, siteId: a.sites[1].id });
    expect((await other.get('/v1/site/application-stages')).json().map((s: { status: string }) => s.status)).toEqual([...applicationStatuses]);
  });

  it('wants every status exactly once, and valid labels and colours (422)', async () => {
    const body = reordered();
    const twice = [...body.slice(0, 9), { ...body[0]!, label: 'Again' }];
    const res = await admin.put('/v1/site/application-stages', twice);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      '9.status': [siteSettingsMessages.stageTwice],
      _: [siteSettingsMessages.stagesMissing(['applied'])],
    });
    expect((await admin.put('/v1/site/application-stages', body.slice(0, 8))).json().errors).toEqual({
      _: [siteSettingsMessages.stagesMissing(['applied', 'registered'])],
    });
    // Each stage's own fields first; the list as a whole is checked once they are right.
    const bad = body.map((s, i) => (i === 0 ? { ...s, label: 'x'.repeat(41), color: 'red' } : i === 1 ? { ...s, status: 'hired' } : s));
    expect((await admin.put('/v1/site/application-stages', bad)).json().errors).toEqual({
      '0.label': ['This value may not be greater than 40 characters.'],
      '0.color': [siteSettingsMessages.color],
      '1.status': [messages.invalid],
    });
    const { visible: _, ...noVisible } = body[0]!;
    expect((await admin.put('/v1/site/application-stages', [noVisible, ...body.slice(1)])).json().errors).toEqual({ '0.visible': [messages.required] });
    expect((await admin.put('/v1/site/application-stages', {})).statusCode).toBe(422);
  });

  it('is 403 for an employer admin and 404 for another tenant, and changes nothing', async () => {
    const before = (await admin.get('/v1/site/application-stages')).json();
    const body = [...reordered()].reverse();
    expect((await employer.put('/v1/site/application-stages', body)).statusCode).toBe(403);
    expect((await beta.put('/v1/site/application-stages', body)).statusCode).toBe(404);
    expect((await admin.get('/v1/site/application-stages')).json()).toEqual(before);
  });
});

describe('PUT /v1/site/field-options/:kind', () => {
  it("replaces one kind's options in order; the forms' list shows the enabled ones, the settings list all", async () => {
    const body = [
      { value: 'casual', label: 'Casual shifts', enabled: true },
      { value: 'full_time', label: 'Full time', enabled: false },
      { value: 'fifo', label: 'Fly-in fly-out' },
    ];
    const res = await manager.put('/v1/site/field-options/work_type', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { value: 'casual', label: 'Casual shifts', enabled: true },
      { value: 'full_time', label: 'Full time', enabled: false },
      { value: 'fifo', label: 'Fly-in fly-out', enabled: true },
    ]);
    expect((await employer.get('/v1/site/field-options')).json().work_type).toEqual([
      { value: 'casual', label: 'Casual shifts' },
      { value: 'fifo', label: 'Fly-in fly-out' },
    ]);
    const all = (await manager.get('/v1/site/settings/field-options')).json();
    expect(all.work_type).toEqual(res.json());
    expect(all.pay_type).toEqual([]);

    // Reordered and trimmed: the missing option is gone.
    await manager.put('/v1/site/field-options/work_type', [{ value: 'fifo', label: 'FIFO', enabled: true }, { value: 'casual', label: 'Casual', enabled: true }]);
    expect((await employer.get('/v1/site/field-options')).json().work_type).toEqual([
      { value: 'fifo', label: 'FIFO' },
      { value: 'casual', label: 'Casual' },
    ]);
    const [entry] = (await auditOf(t, a.sites[0].id, 'field_options.update')).slice(-1);
    expect(entry!.data).toEqual({ kind: 'work_type', values: ['fifo', 'casual'] });

    // An empty list empties the kind.
    expect((await manager.put('/v1/site/field-options/work_type', [])).json()).toEqual([]);
    expect((await employer.get('/v1/site/field-options')).json().work_type).toEqual([]);
  });

  it('wants unique values of 1 to 100 characters, at most 200 options, and known kinds (422)', async () => {
    const res = await admin.put('/v1/site/field-options/industry', [
      { value: 'mining', label: 'Mining' },
      { value: ' ', label: '' },
      { value: 'x'.repeat(101), label: 'Long', enabled: 'yes' },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      '1.value': [messages.required],
      '1.label': [messages.required],
      '2.value': ['This value may not be greater than 100 characters.'],
      '2.enabled': [messages.invalid],
    });
    const twice = await admin.put('/v1/site/field-options/industry', [
      { value: 'mining', label: 'Mining' },
      { value: 'farming', label: 'Farming' },
      { value: 'mining', label: 'Mining again' },
    ]);
    expect(twice.json().errors).toEqual({ '2.value': [siteSettingsMessages.optionTwice] });
    const many = Array.from({ length: 201 }, (_, i) => ({ value: `v${i}`, label: `V${i}` }));
    expect((await admin.put('/v1/site/field-options/industry', many)).json().errors).toEqual({ _: [siteSettingsMessages.optionCount] });
    expect((await admin.put('/v1/site/field-options/colour', [])).json().errors).toEqual({ kind: [messages.invalid] });
  });

  it('lets apply types be relabelled, reordered and disabled, but not invented', async () => {
    const res = await admin.put('/v1/site/field-options/apply_type', [
      { value: 'email', label: 'Email us', enabled: true },
      { value: 'carrier_pigeon', label: 'Pigeon' },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ '1.value': [settingsMessages.applyTypeFixed(applyTypes)] });
    const ok = await admin.put('/v1/site/field-options/apply_type', [{ value: 'email', label: 'Email us' }, { value: 'internal', label: 'Apply here' }]);
    expect(ok.json().map((o: { value: string }) => o.value)).toEqual(['email', 'internal']);
  });

  it('is 403 for an employer admin and 404 for another tenant', async () => {
    expect((await employer.put('/v1/site/field-options/industry', [])).statusCode).toBe(403);
    expect((await employer.get('/v1/site/settings/field-options')).statusCode).toBe(403);
    expect((await beta.put('/v1/site/field-options/industry', [])).statusCode).toBe(404);
  });
});

describe('PUT /v1/site/discount-tiers', () => {
  const preview = async (quantity: number) => (await employer.get('/v1/credit/purchase/preview', { quantity: String(quantity) })).json();

  it('replaces the tiers: the tiers list and the purchase preview use them at once', async () => {
    expect(await preview(12)).toMatchObject({ discount_percent: 10, total_cents: 52920 });
    const res = await manager.put('/v1/site/discount-tiers', [
      { min_quantity: 5, max_quantity: 19, discount_percent: 12.5 },
      { min_quantity: 1, max_quantity: 4, discount_percent: 0 },
      { min_quantity: 20, max_quantity: null, discount_percent: 33.33 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ price_per_credit_cents: 4900, currency: 'USD' });
    const tiers = [
      [1, 4, 0],
      [5, 19, 12.5],
      [20, null, 33.33],
    ];
    const shape = (d: { min_quantity: number; max_quantity: number | null; discount_percent: number }[]) =>
      d.map((x) => [x.min_quantity, x.max_quantity, x.discount_percent]);
    expect(shape(res.json().data)).toEqual(tiers);
    expect(shape((await employer.get('/v1/credit/discount-tiers')).json().data)).toEqual(tiers);

    // 12 × 49.00 = 588.00, 12.5 % off = 73.50.
    expect(await preview(12)).toMatchObject({
      discount_percent: 12.5,
      subtotal_cents: 58800,
      discount_cents: 7350,
      total_cents: 51450,
      tier: { min_quantity: 5, max_quantity: 19 },
    });
    // 30 × 49.00 = 1,470.00, 33.33 % off = 489.95 (rounded half up from 489.951).
    expect(await preview(30)).toMatchObject({ discount_percent: 33.33, discount_cents: 48995, total_cents: 98005 });
    expect(await preview(3)).toMatchObject({ discount_percent: 0, total_cents: 14700 });

    const [entry] = (await auditOf(t, a.sites[0].id, 'tiers.update')).slice(-1);
    expect(entry!.data).toEqual({ tiers: [{ min: 1, max: 4, bps: 0 }, { min: 5, max: 19, bps: 1250 }, { min: 20, max: null, bps: 3333 }] });
  });

  it('takes an empty list: no discount for any quantity', async () => {
    expect((await admin.put('/v1/site/discount-tiers', [])).json().data).toEqual([]);
    expect(await preview(50)).toMatchObject({ tier: null, discount_percent: 0, total_cents: 245000 });
  });

  it('refuses ranges that do not start at 1, overlap, run backwards or stay open before the last, with clear messages', async () => {
    const put = async (body: unknown) => {
      const res = await admin.put('/v1/site/discount-tiers', body);
      expect(res.statusCode).toBe(422);
      return res.json().errors;
    };
    expect(await put([{ min_quantity: 2, max_quantity: null, discount_percent: 5 }])).toEqual({ '0.min_quantity': [siteSettingsMessages.tierStart] });
    expect(
      await put([
        { min_quantity: 1, max_quantity: 10, discount_percent: 0 },
        { min_quantity: 10, max_quantity: 20, discount_percent: 5 },
      ]),
    ).toEqual({ '1.min_quantity': [siteSettingsMessages.tierOverlap] });
    expect(
      await put([
        { min_quantity: 1, max_quantity: null, discount_percent: 0 },
        { min_quantity: 10, max_quantity: 5, discount_percent: 5 },
      ]),
    ).toEqual({ '0.max_quantity': [siteSettingsMessages.tierOpen], '1.max_quantity': [siteSettingsMessages.tierOrder] });
    expect(
      await put([
        { min_quantity: 1, max_quantity: 9, discount_percent: 10.125 },
        { min_quantity: 10, max_quantity: null, discount_percent: 101 },
        { min_quantity: 0.5, discount_percent: -1 },
      ]),
    ).toEqual({
      '0.discount_percent': [siteSettingsMessages.tierPercent],
      '1.discount_percent': [siteSettingsMessages.tierPercent],
      '2.min_quantity': [messages.invalid],
      '2.max_quantity': [messages.required],
      '2.discount_percent': [siteSettingsMessages.tierPercent],
    });
    // The tiers of the previous test are untouched.
    expect((await admin.get('/v1/credit/discount-tiers')).json().data).toEqual([]);
  });

  it('is 403 for a caller who may only view credits, and 404 for another tenant', async () => {
    expect((await employer.put('/v1/site/discount-tiers', [])).statusCode).toBe(403);
    expect((await beta.put('/v1/site/discount-tiers', [])).statusCode).toBe(404);
  });
});
