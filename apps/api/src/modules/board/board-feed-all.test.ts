import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employers } from '../../db/schema/employers';
import { jobs } from '../../db/schema/jobs';
import { createTestApp, type TestApp } from '../../test/harness';
import { childText, parseXml } from './board-xml.testing';
import { createBoardWorld, daysFromNow, liveKeys, type BoardWorld } from './board.fixtures';

/* Indeed refuses an incomplete feed: every live advert is in it, however many, with the fields Indeed requires. */

let t: TestApp;
let w: BoardWorld;
const MANY = 5_050;
beforeAll(async () => {
  t = await createTestApp({ ENTERPRISE_KEY: 'test' });
  w = await createBoardWorld(t);
  // All posted at the same instant: the feed's pages must still neither skip nor repeat one.
  const postedAt = daysFromNow(-30);
  const base = {
    accountId: w.a.account.id,
    siteId: w.a.sites[0].id,
    employerId: w.a.employers[0].id,
    status: 'live' as const,
    description: '<p>Stack shelves.</p>',
    descriptionText: 'Stack shelves.',
    postedAt,
    advertStartAt: postedAt,
    advertEndAt: daysFromNow(10),
  };
  for (let i = 0; i < MANY; i += 1_000)
    await t.deps.db.insert(jobs).values(Array.from({ length: Math.min(1_000, MANY - i) }, (_, k) => ({ ...base, title: `Shelf stacker ${i + k}` })));
  await t.deps.db
    .update(employers)
    .set({ address: { city: 'Sydney', region: 'NSW', postcode: '2000', country: 'AU' } })
    .where(eq(employers.id, w.northwind));
}, 300_000);
afterAll(() => t.close());

const feed = () => t.app.inject({ method: 'GET', url: '/feed.xml', headers: { host: w.host } });

describe('GET /feed.xml on a large board', () => {
  it('lists every live advert once, newest first', async () => {
    const res = await feed();
    expect(res.statusCode).toBe(200);
    const items = parseXml(res.body).children.filter((c) => c.name === 'job');
    expect(items).toHaveLength(MANY + liveKeys.length);
    const ids = items.map((j) => childText(j, 'referencenumber'));
    expect(new Set(ids).size).toBe(ids.length);
    const dates = items.map((j) => Date.parse(childText(j, 'date')));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  }, 300_000);

  it("carries Indeed's required requisitionid (the staff reference, else the id) and the postal code when known", async () => {
    const items = parseXml((await feed()).body).children.filter((c) => c.name === 'job');
    const fields = (id: string) => Object.fromEntries(items.find((j) => childText(j, 'referencenumber') === id)!.children.map((c) => [c.name, c.text]));
    expect(fields(w.ids.forklift)).toMatchObject({ requisitionid: 'WH-100', postalcode: '' });
    // The employer's postcode, where the advert is in the employer's own town.
    expect(fields(w.ids.nurse)).toMatchObject({ requisitionid: w.ids.nurse, city: 'Sydney', postalcode: '2000' });
  }, 300_000);
});
