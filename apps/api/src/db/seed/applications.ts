import { applicationStatuses, type ApplicationStatus } from '@hireline/contract/enums';
import {
  applicationFeedbacks,
  applications,
  applicationStatusHistory,
  type ApplicationAnswer,
} from '../schema/applications';
import { applicationTags, stageDefaults } from './catalog';
import { between, insertMany, type SeedContext } from './context';
import type { SeedQuestion } from './job-extras';
import type { SeedJob } from './jobs';
import type { SeedPeople } from './people';
import type { SeedSeeker } from './seekers';
import type { SeedSite } from './tenancy';

export interface SeedApplication {
  id: string;
  site: SeedSite;
  jobId: string;
  jobTitle: string;
  candidateName: string;
  status: ApplicationStatus;
  createdAt: Date;
}

const perSite: Record<string, number> = {
  'acme/jobs': 150,
  'acme/executive': 15,
  'globex/jobs': 25,
  'globex/healthcare': 10,
};

const statusWeights: Array<readonly [ApplicationStatus, number]> = [
  ['applied', 6],
  ['registered', 1],
  ['new', 3],
  ['invited', 1],
  ['screening', 3],
  ['shortlisted', 2],
  ['interviewed', 2],
  ['offered', 1],
  ['unsuccessful', 3],
  ['withdrawn', 1],
];

/** The statuses an application passed through to reach `final`; history rows are written from it. */
function pathTo(ctx: SeedContext, final: ApplicationStatus): ApplicationStatus[] {
  const pipeline: ApplicationStatus[] = ['applied', 'screening', 'shortlisted', 'interviewed', 'offered'];
  switch (final) {
    case 'registered':
    case 'new':
    case 'invited':
      return [final];
    case 'unsuccessful':
    case 'withdrawn':
      return ['applied', ...(ctx.rng.chance(0.5) ? ['screening' as const] : []), final];
    default:
      return pipeline.slice(0, pipeline.indexOf(final) + 1);
  }
}

const sourceOf: Partial<Record<ApplicationStatus, string>> = {
  new: 'portal',
  invited: 'invitation',
  registered: 'board',
};
const notifyOf = new Map(
  stageDefaults.map((s) => [s.status, { admin: false, consultants: s.emailConsultants, candidate: s.emailCandidate }]),
);

function answer(ctx: SeedContext, q: SeedQuestion, knockOut: boolean): ApplicationAnswer {
  const { rng } = ctx;
  let value: ApplicationAnswer['answer'];
  if (q.type === 'yes_no') value = q.knockout && knockOut ? q.knockout[0]! : 'yes';
  else if (q.type === 'single_choice') value = rng.pick(q.options);
  else if (q.type === 'multiple_choice') value = rng.sample(q.options, rng.int(1, 3));
  else if (q.type === 'number') value = rng.int(45, 140) * 1000;
  else value = 'I enjoy this kind of work and the team’s values match my own.';
  const knockedOut = !!q.knockout && typeof value === 'string' && q.knockout.includes(value);
  return { question_id: q.id, label: q.label, type: q.type, answer: value, knocked_out: knockedOut };
}

export async function seedApplications(
  ctx: SeedContext,
  sites: SeedSite[],
  jobs: SeedJob[],
  seekers: SeedSeeker[],
  people: SeedPeople,
  questions: Map<string, SeedQuestion[]>,
): Promise<SeedApplication[]> {
  const { rng } = ctx;
  const out: SeedApplication[] = [];
  const rows: (typeof applications.$inferInsert)[] = [];
  const history: (typeof applicationStatusHistory.$inferInsert)[] = [];
  const feedback: (typeof applicationFeedbacks.$inferInsert)[] = [];

  for (const site of sites) {
    const open = jobs.filter((j) => j.site.id === site.id && j.openFrom && j.openUntil);
    const candidates = seekers.filter((s) => s.accountId === site.accountId);
    const staff = people.staffBySite.get(site.id) ?? [];
    const taken = new Set<string>();
    const target = perSite[`${site.accountSlug}/${site.slug}`] ?? 10;
    for (let i = 0, tries = 0; i < target && tries < target * 20; tries++) {
      // Questioned jobs get extra applications so answers and knock-outs are easy to find.
      const job = rng.weighted(open.map((j) => [j, questions.has(j.id) ? 3 : 1] as const));
      const seeker = rng.pick(candidates);
      if (taken.has(`${job.id}/${seeker.id}`) || seeker.createdAt >= job.openUntil!) continue;
      taken.add(`${job.id}/${seeker.id}`);
      // The first ten applications of every site cover all ten statuses.
      const forced = i < applicationStatuses.length;
      const jobQuestions = questions.get(job.id) ?? [];
      const knockOut = !forced && jobQuestions.length > 0 && rng.chance(0.25);
      const answers = jobQuestions.map((q) => answer(ctx, q, knockOut));
      const knockedOut = answers.some((a) => a.knocked_out);
      const final: ApplicationStatus = knockedOut
        ? 'unsuccessful'
        : forced
          ? applicationStatuses[i]!
          : rng.weighted(statusWeights);
      const createdAt = between(
        ctx,
        seeker.createdAt > job.openFrom! ? seeker.createdAt : job.openFrom!,
        job.openUntil!,
      );
      const id = rng.uuidAt(createdAt);
      const path = knockedOut ? ['unsuccessful' as const] : pathTo(ctx, final);

      let at = createdAt;
      path.forEach((to, k) => {
        if (k > 0)
          at = new Date(
            Math.max(
              at.getTime() + 1000,
              Math.floor((at.getTime() + (ctx.now.getTime() - at.getTime()) * (0.1 + rng.next() * 0.3)) / 1000) * 1000,
            ),
          );
        const bySeeker = to === 'withdrawn' || (k === 0 && !['new', 'invited'].includes(to));
        history.push({
          id: rng.uuidAt(at),
          accountId: site.accountId,
          applicationId: id,
          fromStatus: k === 0 ? null : path[k - 1]!,
          toStatus: to,
          actorUserId: bySeeker || knockedOut || !staff.length ? null : rng.pick(staff),
          actorSeekerId: bySeeker && !knockedOut ? seeker.id : null,
          notify: k === 0 ? { admin: false, consultants: false, candidate: false } : notifyOf.get(to)!,
          createdAt: at,
        });
      });

      rows.push({
        id,
        accountId: site.accountId,
        siteId: site.id,
        jobId: job.id,
        employerId: job.employer.id,
        seekerId: seeker.id,
        status: final,
        statusChangedAt: at,
        source: sourceOf[path[0]!] ?? 'board',
        knockedOut,
        enabled: !(site.primary && i % 60 === 59),
        answers,
        coverLetter: rng.chance(0.4)
          ? `I would love to bring my experience to the ${job.title} role at ${job.employer.name}.`
          : null,
        tags: rng.chance(0.2) ? rng.sample(applicationTags, 1) : [],
        candidateName: seeker.name,
        candidateEmail: seeker.email,
        jobTitle: job.title,
        withdrawnAt: final === 'withdrawn' ? at : null,
        createdAt,
        updatedAt: at,
      });
      out.push({ id, site, jobId: job.id, jobTitle: job.title, candidateName: seeker.name, status: final, createdAt });

      if (
        ['interviewed', 'offered', 'unsuccessful'].includes(final) &&
        !knockedOut &&
        rng.chance(site.primary ? 0.25 : 0.8)
      ) {
        const rating = final === 'offered' ? rng.int(4, 5) : final === 'interviewed' ? rng.int(3, 5) : rng.int(1, 3);
        feedback.push({
          id: rng.uuidAt(at),
          accountId: site.accountId,
          applicationId: id,
          rating,
          employerRecommended: rating >= 4,
          additionalFeedback:
            rating >= 4
              ? 'Quick replies and a friendly interview: I always knew where my application stood.'
              : 'It took a long time to hear back after the interview.',
          createdAt: at,
          updatedAt: at,
        });
      }
      i++;
    }
  }
  await insertMany(ctx.tx, applications, rows);
  await insertMany(ctx.tx, applicationStatusHistory, history);
  await insertMany(ctx.tx, applicationFeedbacks, feedback);
  return out;
}
