import { and, asc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import type { FormKey } from '@hireline/contract/site-settings';
import type { FormSetting } from '../../db/defaults';
import { consultants } from '../../db/schema/consultants';
import { jobs, screeningQuestions } from '../../db/schema/jobs';
import { notifications } from '../../db/schema/notifications';
import { sites } from '../../db/schema/tenancy';
import type { TestApp } from '../../test/harness';
import type { BoardWorld } from './board.fixtures';

/* The board's requests, forms and screening questions, and the notices an application leaves for staff. */

/** Requests to the board as its pages send them: the board's host, the enterprise key, a candidate's token if any. */
export function boardClient(t: TestApp, host: string, token?: string, ip?: string) {
  const send = (method: InjectOptions['method'], url: string, payload?: unknown, query?: Record<string, string>) =>
    t.app.inject({
      method,
      url: `/portal${url}`,
      query,
      headers: { 'x-af-eid': 'test', host, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(payload === undefined ? {} : { payload: payload as object }),
      ...(ip ? { remoteAddress: ip } : {}),
    });
  return {
    get: (url: string, query?: Record<string, string>) => send('GET', url, undefined, query),
    post: (url: string, payload?: unknown) => send('POST', url, payload ?? {}),
    put: (url: string, payload: unknown) => send('PUT', url, payload),
  };
}
export type BoardClient = ReturnType<typeof boardClient>;

/** Sets one of the site's board forms, keeping the rest of its settings. */
export async function setForm(t: TestApp, siteId: string, key: FormKey, form: FormSetting) {
  const [row] = await t.deps.db.select({ settings: sites.settings }).from(sites).where(eq(sites.id, siteId));
  const settings = row!.settings;
  await t.deps.db
    .update(sites)
    .set({ settings: { ...settings, forms: { ...settings.forms, [key]: form } } })
    .where(eq(sites.id, siteId));
}

/**
 * Screening questions on the forklift advert (an internal apply) and its consultant, a user of the account: one
 * question of each kind, two that knock out.
 */
export async function forkliftQuestions(t: TestApp, w: BoardWorld) {
  const accountId = w.a.account.id;
  const jobId = w.ids.forklift;
  const [licence, shift, skills, years, note] = await t.deps.db
    .insert(screeningQuestions)
    .values([
      { accountId, jobId, position: 0, type: 'yes_no', label: 'Do you hold a forklift licence?', required: true, knockoutAnswers: ['no'] },
      { accountId, jobId, position: 1, type: 'single_choice', label: 'Preferred shift?', options: ['Day', 'Night'], required: true },
      {
        accountId,
        jobId,
        position: 2,
        type: 'multiple_choice',
        label: 'Which can you drive?',
        options: ['Counterbalance', 'Reach truck', 'None'],
        knockoutAnswers: ['None'],
      },
      { accountId, jobId, position: 3, type: 'number', label: 'Years of experience', required: true },
      { accountId, jobId, position: 4, type: 'long_text', label: 'Anything else?' },
    ])
    .returning({ id: screeningQuestions.id });
  const [consultant] = await t.deps.db
    .insert(consultants)
    .values({ accountId, name: 'Casey Consultant', userId: w.a.users.noRole.id })
    .returning();
  await t.deps.db.update(jobs).set({ consultantId: consultant!.id }).where(eq(jobs.id, jobId));
  return { licence: licence!.id, shift: shift!.id, skills: skills!.id, years: years!.id, note: note!.id };
}
export type ForkliftQuestions = Awaited<ReturnType<typeof forkliftQuestions>>;

/** Answers that pass every forklift question and knock out on none. */
export const goodAnswers = (q: ForkliftQuestions) => [
  { question_id: q.licence, answer: 'yes' },
  { question_id: q.shift, answer: 'Night' },
  { question_id: q.skills, answer: ['Counterbalance', 'Reach truck'] },
  { question_id: q.years, answer: 4 },
];

export async function noticesFor(t: TestApp, event: string, link: string) {
  return t.deps.db
    .select({ userId: notifications.userId, subject: notifications.subject, link: notifications.link })
    .from(notifications)
    .where(and(eq(notifications.event, event), eq(notifications.link, link)))
    .orderBy(asc(notifications.userId));
}

