import { inArray, sql } from 'drizzle-orm';
import type { FlagReportStatus, ScreeningQuestionType } from '@hireline/contract/enums';
import { flaggedJobReports, jobFeedbacks, jobs, screeningQuestions } from '../schema/jobs';
import { flagReasons, jobFeedbackComments } from './catalog';
import { between, insertMany, type SeedContext } from './context';
import type { SeedJob } from './jobs';
import type { SeedPeople } from './people';
import type { SeedSeeker } from './seekers';
import type { SeedSite } from './tenancy';

export interface SeedQuestion {
  id: string;
  type: ScreeningQuestionType;
  label: string;
  options: string[];
  knockout: string[] | null;
}

const experience = ['Less than 1 year', '1–3 years', '3–5 years', 'More than 5 years'];
const shifts = ['Weekday mornings', 'Weekday afternoons', 'Evenings', 'Weekends'];

function questionSet(site: SeedSite, long: boolean): Array<Omit<SeedQuestion, 'id'> & { required: boolean }> {
  const country = site.settings.currency === 'AUD' ? 'Australia' : 'the United States';
  const set = [
    {
      type: 'yes_no' as const,
      label: `Do you have the right to work in ${country}?`,
      options: [],
      knockout: ['no'],
      required: true,
    },
    {
      type: 'single_choice' as const,
      label: 'How many years of relevant experience do you have?',
      options: experience,
      knockout: null,
      required: true,
    },
    {
      type: 'long_text' as const,
      label: 'Why are you interested in this role?',
      options: [],
      knockout: null,
      required: false,
    },
  ];
  if (!long) return set;
  return [
    ...set,
    {
      type: 'multiple_choice' as const,
      label: 'Which shifts can you work?',
      options: shifts,
      knockout: null,
      required: false,
    },
    {
      type: 'number' as const,
      label: 'What is your expected annual salary?',
      options: [],
      knockout: null,
      required: false,
    },
  ];
}

/** Screening questions (with a knock-out yes/no), flag reports and feedback on a few jobs per site. */
export async function seedJobExtras(
  ctx: SeedContext,
  sites: SeedSite[],
  allJobs: SeedJob[],
  seekers: SeedSeeker[],
  people: SeedPeople,
): Promise<Map<string, SeedQuestion[]>> {
  const { rng, tx } = ctx;
  const questionsByJob = new Map<string, SeedQuestion[]>();
  const questionRows: (typeof screeningQuestions.$inferInsert)[] = [];
  const reportRows: (typeof flaggedJobReports.$inferInsert)[] = [];
  const feedbackRows: (typeof jobFeedbacks.$inferInsert)[] = [];

  for (const site of sites) {
    const siteJobs = allJobs.filter((j) => j.site.id === site.id);
    const live = rng.shuffle(siteJobs.filter((j) => j.status === 'live'));
    const expired = siteJobs.filter((j) => j.status === 'expired');
    const opened = siteJobs.filter((j) => j.openFrom);
    const accountSeekers = seekers.filter((s) => s.accountId === site.accountId);
    const manager = people.staffBySite.get(site.id)?.[0] ?? null;

    const withQuestions = site.primary ? [...live.slice(0, 4), ...expired.slice(0, 1)] : live.slice(0, 1);
    withQuestions.forEach((job, k) => {
      const list = questionSet(site, k % 2 === 0).map((q, position) => {
        const id = rng.uuidAt(job.createdAt);
        questionRows.push({
          id,
          accountId: site.accountId,
          jobId: job.id,
          position,
          type: q.type,
          label: q.label,
          required: q.required,
          options: q.options,
          knockoutAnswers: q.knockout,
          createdAt: job.createdAt,
        });
        return { id, type: q.type, label: q.label, options: q.options, knockout: q.knockout };
      });
      questionsByJob.set(job.id, list);
    });

    // Flagged jobs: open reports on live adverts, plus resolved ones that no longer flag anything.
    const flagged = site.primary ? live.slice(4, 7) : live.slice(1, 2);
    const report = (job: SeedJob, status: FlagReportStatus) => {
      const [reason, comments] = rng.pick(flagReasons);
      const at = between(ctx, job.openFrom!, ctx.now);
      const seeker = rng.chance(0.5) ? rng.pick(accountSeekers) : null;
      reportRows.push({
        id: rng.uuidAt(at),
        accountId: site.accountId,
        siteId: site.id,
        jobId: job.id,
        reason,
        additionalComments: comments,
        reporterEmail: seeker?.email ?? 'concerned.visitor@example.net',
        reporterSeekerId: seeker?.id ?? null,
        status,
        resolvedAt: status === 'open' ? null : between(ctx, at, ctx.now),
        resolvedByUserId: status === 'open' ? null : manager,
        createdAt: at,
      });
    };
    flagged.forEach((job, k) => {
      report(job, 'open');
      if (k === 2) report(job, 'open');
    });
    if (site.primary) {
      live.slice(7, 9).forEach((job) => report(job, 'dismissed'));
      expired.slice(1, 2).forEach((job) => report(job, 'actioned'));
    }

    for (const job of rng.sample(opened, site.primary ? 6 : 2)) {
      const at = between(ctx, job.openFrom!, job.openUntil ?? ctx.now);
      const id = rng.uuidAt(at);
      const seekerId = rng.chance(0.7) ? rng.pick(accountSeekers).id : null;
      const rating = rng.weighted([
        [5, 4],
        [4, 4],
        [3, 2],
        [2, 1],
        [1, 1],
      ] as const);
      feedbackRows.push({
        id,
        accountId: site.accountId,
        siteId: site.id,
        jobId: job.id,
        seekerId,
        rating,
        // Follows the rating rather than drawing again, so the rest of the demo data stays as it was; a middling
        // rating leaves the question unanswered, as older feedback did.
        employerRecommended: rating >= 4 ? true : rating <= 2 ? false : null,
        comment: rng.pick(jobFeedbackComments),
        createdAt: at,
      });
    }
  }

  await insertMany(tx, screeningQuestions, questionRows);
  await insertMany(tx, flaggedJobReports, reportRows);
  await insertMany(tx, jobFeedbacks, feedbackRows);
  // The flagged marker is derived from the reports in one statement, so the two cannot disagree.
  const reported = [...new Set(reportRows.map((r) => r.jobId))];
  if (reported.length) {
    await tx
      .update(jobs)
      .set({
        openReports: sql`(select count(*)::int from ${flaggedJobReports} r where r.job_id = ${jobs.id} and r.status = 'open')`,
        updatedAt: sql`${jobs.updatedAt}`,
      })
      .where(inArray(jobs.id, reported));
  }
  return questionsByJob;
}
