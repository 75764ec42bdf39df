import { and, eq, like, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/notifications';
import { emailOutbox } from '../../db/schema/platform';
import { seekers } from '../../db/schema/seekers';
import { addResume, signUp } from '../../test/candidates';
import { createTestApp, type TestApp } from '../../test/harness';
import { forkliftQuestions, goodAnswers, type ForkliftQuestions } from './board-applications.fixtures';
import { createBoardWorld, type BoardWorld } from './board.fixtures';

/* Erasing a candidate takes their name out of what the staff were told about them, in the inbox and the outbox. */

let t: TestApp;
let w: BoardWorld;
let q: ForkliftQuestions;
beforeAll(async () => {
  t = await createTestApp();
  w = await createBoardWorld(t);
  q = await forkliftQuestions(t, w);
});
afterAll(() => t.close());

const NAME = 'Zelda O’Zebrafish & Co';

async function staffRows(text: string) {
  const inbox = await t.deps.db.select().from(notifications).where(eq(notifications.accountId, w.a.account.id));
  const mail = await t.deps.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.accountId, w.a.account.id), like(emailOutbox.event, 'application.%'), ne(emailOutbox.event, 'application.received')));
  const has = (s: string) => s.includes(text) || s.includes(text.replace('&', '&amp;'));
  return {
    inbox: inbox.filter((n) => has(`${n.subject} ${n.content}`)),
    mail: mail.filter((m) => has(`${m.subject} ${m.html} ${m.text}`)),
  };
}

describe('erasing a candidate', () => {
  it("removes their name from the staff's notifications and queued or sent staff email", async () => {
    const c = await signUp(t, w.host, { name: NAME });
    const [seeker] = await t.deps.db.select().from(seekers).where(eq(seekers.id, c.id));
    const resume = await addResume(t, seeker!);
    const applied = await c.client.post(`/v1/board/jobs/${w.ids.forklift}/apply`, { answers: goodAnswers(q), resume_file_id: resume });
    expect(applied.statusCode, applied.body).toBe(201);
    const withdrawn = await c.client.post(`/v1/board/candidates/me/applications/${applied.json().application.id}/withdraw`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);

    const before = await staffRows(NAME);
    expect(before.inbox.length).toBeGreaterThan(0);
    expect(before.mail.length).toBeGreaterThan(0);

    const erased = await c.client.del('/v1/board/candidates/me', { password: c.password });
    expect(erased.statusCode, erased.body).toBe(204);

    const after = await staffRows(NAME);
    expect(after.inbox).toEqual([]);
    expect(after.mail).toEqual([]);
    // The notices stay, about an erased candidate.
    expect((await staffRows('Erased candidate')).inbox.length).toBe(before.inbox.length);
  });
});
