import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { employerStatuses, employerTypes, type EmployerStatus, type EmployerType } from '@hireline/contract/enums';
import { createdAt, id, oneOf, tstz, updatedAt } from '../columns';
import { files } from './platform';
import { accounts, sites } from './tenancy';

export interface Address {
  line1?: string | null;
  line2?: string | null;
  city?: string | null;
  region?: string | null;
  postcode?: string | null;
  country?: string | null;
}

export const employers = pgTable(
  'employers',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    type: text('type').$type<EmployerType>().notNull().default('business'),
    businessName: text('business_name').notNull(),
    registrationNumber: text('registration_number'),
    industry: text('industry'),
    website: text('website'),
    size: text('size'),
    contactName: text('contact_name'),
    contactEmail: text('contact_email'),
    phone: text('phone'),
    address: jsonb('address').$type<Address>(),
    about: text('about'),
    logoFileId: uuid('logo_file_id').references((): AnyPgColumn => files.id, { onDelete: 'set null' }),
    status: text('status').$type<EmployerStatus>().notNull().default('active'),
    rejectionReason: text('rejection_reason'),
    approvedAt: tstz('approved_at'),
    rejectedAt: tstz('rejected_at'),
    enabled: boolean('enabled').notNull().default(true),
    // A cache of the ledger, written in the same transaction as each credit_ledgers row; the CHECK is
    // what keeps concurrent posts from overdrawing (the losing UPDATE fails instead of going negative).
    creditBalance: integer('credit_balance').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('employers_site_created_idx').on(t.siteId, t.createdAt.desc()),
    index('employers_site_status_created_idx').on(t.siteId, t.status, t.createdAt.desc()),
    index('employers_account_idx').on(t.accountId),
    index('employers_business_name_trgm_idx').using('gin', t.businessName.op('gin_trgm_ops')),
    oneOf('employers_type_check', t.type, employerTypes),
    oneOf('employers_status_check', t.status, employerStatuses),
    check('employers_credit_balance_check', sql`${t.creditBalance} >= 0`),
  ],
);
