import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Storage } from '../../platform/storage';
import { files } from '../schema/platform';
import { seekerDocuments } from '../schema/seekers';
import { insertMany, type SeedContext } from './context';
import { simplePdf } from './resume-pdf';
import type { SeedSeeker } from './seekers';

const strengths = [
  'Reliable, punctual and calm under pressure.',
  'Enjoys working with people and learning new tools.',
  'Holds a current first-aid certificate.',
  'Comfortable with early starts and weekend shifts.',
  'Experienced with stock control and point-of-sale systems.',
];

/**
 * Resumes (and, for some, a second document) for most demo candidates: real PDF bytes in the app's storage, so a
 * recruiter can preview and download them. Applications carry the resume the candidate applied with.
 * Runs after applications are inserted; without a storage (tests of the seed itself) it writes nothing.
 */
export async function seedResumes(ctx: SeedContext, storage: Storage | undefined, seekers: SeedSeeker[]) {
  if (!storage) return;
  const { rng } = ctx;
  const rows: (typeof files.$inferInsert)[] = [];
  const documents: (typeof seekerDocuments.$inferInsert)[] = [];
  const store = async (seeker: SeedSeeker, purpose: 'resume' | 'document', name: string, lines: string[]) => {
    const bytes = simplePdf(lines);
    const id = rng.uuidAt(seeker.createdAt);
    const storageKey = `seed/${seeker.accountId}/${id}.pdf`;
    await storage.put(storageKey, bytes);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    rows.push({ id, accountId: seeker.accountId, ownerSeekerId: seeker.id, purpose, storageKey, originalName: name, mime: 'application/pdf', size: bytes.length, sha256, createdAt: seeker.createdAt });
    return id;
  };
  for (const seeker of seekers) {
    if (!rng.chance(0.85)) continue;
    const slug = seeker.name.replace(/[^A-Za-z]+/g, '-');
    await store(seeker, 'resume', `${slug}-Resume.pdf`, [
      seeker.name,
      seeker.email,
      'Profile',
      rng.pick(strengths),
      `${rng.int(1, 15)} years of work experience.`,
      'References available on request.',
    ]);
    if (rng.chance(0.3)) {
      const fileId = await store(seeker, 'document', `${slug}-Certificate.pdf`, [`Certificate of completion`, seeker.name, 'Workplace health and safety']);
      documents.push({ accountId: seeker.accountId, seekerId: seeker.id, fileId, kind: 'document', createdAt: seeker.createdAt });
    }
  }
  await insertMany(ctx.tx, files, rows);
  await insertMany(ctx.tx, seekerDocuments, documents);
  await ctx.tx.execute(sql`
    update seekers s set resume_file_id = f.id
    from files f where f.owner_seeker_id = s.id and f.purpose = 'resume' and s.resume_file_id is null`);
  await ctx.tx.execute(sql`
    update applications a set resume_file_id = s.resume_file_id
    from seekers s where a.seeker_id = s.id and s.resume_file_id is not null and a.resume_file_id is null`);
}
