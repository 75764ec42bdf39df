import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { applications } from '../../db/schema/applications';
import { jobs } from '../../db/schema/jobs';
import type { AppDeps } from '../../deps';
import type { OutgoingMail } from '../../platform/mail';
import { notifications } from '../../db/schema/notifications';
import { composeWithContent } from '../../platform/notify/compose';
import { asLocale } from '../../platform/notify/locale';
import { siteBrand } from '../../platform/site-brand';
import type { SiteSlice } from '../../platform/site-slice';
import { adminRecipients, candidateMail, consultantRecipients, wordingLocale, type Recipient } from './application-notify';
import { labelsOf, stagesOf } from './application-present';
import * as repo from './applications.repo';

/*
 * A candidate withdrew an application on the board. They get the `application.status.withdrawn` confirmation; the
 * site's admins and the job's consultant are told (`application.withdrawn`) when the site's Withdrawn stage asks for
 * email to them (Settings → Application stages): by email, and the admins also in the portal's notifications (a
 * consultant has no sign-in of their own). Keys are the history row and the recipient, so a retry sends nothing twice.
 */

export interface Withdrawal {
  applicationId: string;
  historyId: string;
  seeker: { id: string; name: string; email: string };
}

export async function queueWithdrawal(deps: AppDeps, tx: Tx, s: Pick<SiteSlice, 'accountId' | 'siteId'>, x: Withdrawal) {
  const slice = { ...s, employerIds: null };
  const [app] = await tx
    .select({
      candidateName: applications.candidateName,
      jobTitle: applications.jobTitle,
      consultantId: jobs.consultantId,
    })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .where(eq(applications.id, x.applicationId))
    .limit(1);
  if (!app) return;
  const stages = stagesOf(await repo.stageRowsOf(tx, slice));
  const stage = stages.find((st) => st.status === 'withdrawn')!;
  const site = await siteBrand(tx, s);
  const w = {
    site,
    labels: labelsOf(stages),
    locale: await wordingLocale(tx, slice),
  };
  const change = {
    applicationId: x.applicationId,
    historyId: x.historyId,
    candidateName: app.candidateName,
    jobTitle: app.jobTitle,
    from: 'withdrawn' as const,
    to: 'withdrawn' as const,
    consultantId: app.consultantId,
  };
  const mails: OutgoingMail[] = [
    await candidateMail(deps, tx, w, slice, change, {
      seekerId: x.seeker.id,
      name: x.seeker.name,
      email: x.seeker.email,
    }),
  ];

  const admins: Recipient[] = stage.email_admin ? await adminRecipients(tx, slice) : [];
  const staff: Recipient[] = [
    ...admins,
    ...(stage.email_consultants && app.consultantId ? await consultantRecipients(tx, s.accountId, [app.consultantId]) : []),
  ];
  const link = `/${site.accountSlug}/${site.slug}/applications/${x.applicationId}/overview`;
  const inbox: (typeof notifications.$inferInsert)[] = [];
  for (const r of staff) {
    const told = await composeWithContent(deps, tx, {
      kind: 'application.withdrawn',
      accountId: s.accountId,
      siteId: s.siteId,
      audience: 'portal',
      to: { email: r.email, name: r.name, locale: r.locale ? asLocale(r.locale) : w.locale },
      vars: { candidate_name: app.candidateName, job_title: app.jobTitle },
      action: link,
      dedupeKey: `application.withdrawn:${x.historyId}:${r.id}`,
    });
    mails.push(told.mail);
    if (admins.includes(r))
      inbox.push({ ...s, userId: r.id, event: 'application.withdrawn', subject: told.mail.subject, content: told.content, link, dedupeKey: told.mail.dedupeKey });
  }
  if (inbox.length) await tx.insert(notifications).values(inbox).onConflictDoNothing({ target: notifications.dedupeKey });
  await deps.mailer.queue(tx, mails);
}
