import type { FastifyRequest } from 'fastify';
import { candidateMessages, type CandidateProfile } from '@hireline/contract/board-candidates';
import { messages } from '@hireline/contract/messages';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { audit } from '../../platform/audit';
import { verifyPassword } from '../../platform/crypto';
import { invalid, notFound, unauthenticated } from '../../platform/errors';
import { signedFileUrl } from '../../platform/files';
import type { SeekerAuth } from '../../platform/seeker-sessions';
import { eraseSeekerData, removeBytes, seekerExport } from '../../platform/seeker-privacy';
import { storeUpload } from '../../platform/uploads';
import { candidateAudit } from './board-candidates.service';
import type { Board } from './board-host.service';
import * as repo from './board-candidates.repo';
import type { CandidateRow, FileRow } from './board-candidates.repo';

/* The signed-in candidate's own data: profile, files, a copy of everything held, deleting the account. */

const HOUR = 3_600_000;

export interface Caller {
  enterpriseId: string;
  auth: SeekerAuth;
  ip: string;
}

type Option = { value: string; label: string };
const fileObject = (deps: AppDeps, f: FileRow) => ({
  id: f.id,
  purpose: f.purpose,
  name: f.originalName,
  mime: f.mime,
  size: f.size,
  url: signedFileUrl(deps.config.appSecret, f.id),
});

/** Authentication just found the candidate; only a concurrent erase gets here without one. */
async function candidateOf(db: DbOrTx, auth: SeekerAuth, opts: { lock?: boolean } = {}) {
  const s = await repo.findById(db, auth.seeker.accountId, auth.seeker.id, opts);
  if (!s || !s.enabled || s.erasedAt) throw unauthenticated();
  return s;
}

/** The site's visa and work types: the enabled ones to choose from, every label to show a stored value. */
async function siteOptions(db: DbOrTx, board: Board) {
  const rows = await repo.optionsOf(db, board.site, ['visa_type', 'work_type']);
  const offered = (kind: string) => rows.filter((o) => o.kind === kind && o.enabled).map(({ value, label }) => ({ value, label }));
  const label = (kind: string, value: string | null): Option | null =>
    value === null ? null : { value, label: rows.find((o) => o.kind === kind && o.value === value)?.label ?? value };
  return { visaTypes: offered('visa_type'), workTypes: offered('work_type'), label };
}

async function present(deps: AppDeps, db: DbOrTx, board: Board, auth: SeekerAuth, s: CandidateRow): Promise<CandidateProfile> {
  const options = await siteOptions(db, board);
  const resume = s.resumeFileId ? await repo.fileOf(db, s.accountId, s.resumeFileId) : null;
  const documents = await repo.documentsOf(db, s);
  const imp = auth.impersonation;
  return {
    id: s.id,
    profile_id: s.profileId,
    name: s.name,
    email: s.email,
    phone: s.phone,
    location: s.location,
    visa_type: options.label('visa_type', s.visaType),
    desired_work_type: options.label('work_type', s.desiredWorkType),
    resume: resume && fileObject(deps, resume),
    documents: documents.map((f) => fileObject(deps, f)),
    options: { visa_types: options.visaTypes, work_types: options.workTypes },
    ...(imp ? { impersonating: { by: { name: imp.impersonatorName }, reason: imp.reason, expires_at: auth.expiresAt.toISOString() } } : {}),
  };
}

export async function getProfile(deps: AppDeps, board: Board, auth: SeekerAuth) {
  return present(deps, deps.db, board, auth, await candidateOf(deps.db, auth));
}

export interface ProfilePatch {
  name?: string;
  phone?: string | null;
  location?: string | null;
  visa_type?: string | null;
  desired_work_type?: string | null;
  resume_file_id?: string | null;
}

export async function updateProfile(deps: AppDeps, board: Board, c: Caller, p: ProfilePatch) {
  return deps.db.transaction(async (tx) => {
    const s = await candidateOf(tx, c.auth, { lock: true });
    const options = await siteOptions(tx, board);
    const errors: Record<string, string[]> = {};
    // A value the profile already holds stays acceptable after the site switches its option off: the form sends it back.
    const choice = (field: 'visa_type' | 'desired_work_type', offered: Option[], current: string | null) => {
      const v = p[field];
      if (v && v !== current && !offered.some((o) => o.value === v)) errors[field] = [messages.invalid];
    };
    choice('visa_type', options.visaTypes, s.visaType);
    choice('desired_work_type', options.workTypes, s.desiredWorkType);
    if (p.resume_file_id) {
      const f = await repo.fileOf(tx, s.accountId, p.resume_file_id);
      if (!f || f.ownerSeekerId !== s.id || f.purpose !== 'resume') errors.resume_file_id = [messages.invalid];
    }
    if (Object.keys(errors).length) throw invalid(errors);

    const patch = {
      ...(p.name !== undefined ? { name: p.name } : {}),
      ...(p.phone !== undefined ? { phone: p.phone } : {}),
      ...(p.location !== undefined ? { location: p.location } : {}),
      ...(p.visa_type !== undefined ? { visaType: p.visa_type } : {}),
      ...(p.desired_work_type !== undefined ? { desiredWorkType: p.desired_work_type } : {}),
      ...(p.resume_file_id !== undefined ? { resumeFileId: p.resume_file_id } : {}),
    };
    if (Object.keys(patch).length) {
      await repo.updateSeeker(tx, s.id, patch);
      await audit(tx, candidateAudit(c.enterpriseId, s, 'seeker.update', { ip: c.ip, auth: c.auth, data: { fields: Object.keys(p) } }));
    }
    return present(deps, tx, board, c.auth, { ...s, ...patch });
  });
}

/** A resume (attached later) or a document (listed on the profile at once). */
export async function uploadFile(deps: AppDeps, req: FastifyRequest, c: Caller) {
  const { seeker } = c.auth;
  await deps.rateLimiter.hit(`board:upload:${seeker.id}`, 30, HOUR);
  const file = await storeUpload(deps, req, { allowed: ['resume', 'document'], ownerSeekerId: seeker.id, accountId: seeker.accountId });
  if (file.purpose === 'document') {
    await deps.db.transaction(async (tx) => {
      await repo.insertDocument(tx, seeker, file.id);
      await audit(tx, candidateAudit(c.enterpriseId, seeker, 'seeker.document_add', { ip: c.ip, auth: c.auth, data: { file_id: file.id } }));
    });
  }
  return file;
}

/** Off the profile, and gone with its bytes unless an application was sent with it (the employer keeps that). */
export async function deleteDocument(deps: AppDeps, c: Caller, fileId: string) {
  const { seeker } = c.auth;
  const key = await deps.db.transaction(async (tx) => {
    const doc = await repo.findDocument(tx, seeker.id, fileId);
    if (!doc) throw notFound();
    await repo.deleteDocument(tx, doc.id);
    const s = await candidateOf(tx, c.auth);
    const keep = s.resumeFileId === fileId || (await repo.sentWithApplication(tx, seeker.id, fileId));
    if (!keep) await repo.deleteFile(tx, fileId);
    await audit(tx, candidateAudit(c.enterpriseId, seeker, 'seeker.document_delete', { ip: c.ip, auth: c.auth, data: { file_id: fileId } }));
    return keep ? null : doc.storageKey;
  });
  if (key) await removeBytes(deps.storage, [key]);
}

/** Everything held on the candidate in the account, the same document the staff answer a data access request with. */
export async function exportData(deps: AppDeps, c: Caller) {
  const { seeker } = c.auth;
  const doc = await seekerExport(deps.db, seeker.accountId, seeker.id);
  if (!doc) throw unauthenticated();
  const counts = { applications: doc.applications.length, documents: doc.documents.length };
  await audit(deps.db, candidateAudit(c.enterpriseId, seeker, 'seeker.export', { ip: c.ip, auth: c.auth, data: counts }));
  return doc;
}

/**
 * The candidate's own erasure request: the same erase as the staff's (applications stay, anonymised, for the
 * employers' counts), every session of theirs ends, stored bytes go after the commit.
 */
export async function deleteAccount(deps: AppDeps, c: Caller, password: string) {
  const { seeker } = c.auth;
  await deps.rateLimiter.hit(`board:delete:${seeker.id}`, 10, 15 * 60_000);
  const current = await candidateOf(deps.db, c.auth);
  if (!(await verifyPassword(current.passwordHash, password))) throw invalid({ password: [candidateMessages.passwordIncorrect] });
  const keys = await deps.db.transaction(async (tx) => {
    const s = await candidateOf(tx, c.auth, { lock: true });
    const erased = await eraseSeekerData(tx, s);
    await audit(tx, candidateAudit(c.enterpriseId, s, 'seeker.delete_self', { ip: c.ip, data: { files: erased.files } }));
    return erased.keys;
  });
  await removeBytes(deps.storage, keys);
}
