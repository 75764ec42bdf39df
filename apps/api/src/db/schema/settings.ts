import { boolean, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import {
  applicationStatuses,
  fieldOptionKinds,
  type ApplicationStatus,
  type FieldOptionKind,
} from '@hireline/contract/enums';
import { createdAt, id, oneOf, updatedAt } from '../columns';
import { accounts, sites } from './tenancy';

/** A site's ordered, labelled view of the ten application statuses and who is emailed by default. */
export const applicationStages = pgTable(
  'application_stages',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    status: text('status').$type<ApplicationStatus>().notNull(),
    label: text('label').notNull(),
    color: text('color').notNull(),
    position: integer('position').notNull(),
    visible: boolean('visible').notNull().default(true),
    emailAdmin: boolean('email_admin').notNull().default(false),
    emailConsultants: boolean('email_consultants').notNull().default(false),
    emailCandidate: boolean('email_candidate').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('application_stages_site_status_unique').on(t.siteId, t.status),
    oneOf('application_stages_status_check', t.status, applicationStatuses),
  ],
);

/** Per-site pick lists (work type, classification…); jobs, employers and seekers store the `value`. */
export const fieldOptions = pgTable(
  'field_options',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<FieldOptionKind>().notNull(),
    value: text('value').notNull(),
    label: text('label').notNull(),
    position: integer('position').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('field_options_site_kind_value_unique').on(t.siteId, t.kind, t.value),
    index('field_options_site_kind_position_idx').on(t.siteId, t.kind, t.position),
    oneOf('field_options_kind_check', t.kind, fieldOptionKinds),
  ],
);

/** Overrides of the built-in emails; `site_id` null = the account-wide version. */
export const emailTemplates = pgTable(
  'email_templates',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    locale: text('locale').notNull().default('en'),
    subject: text('subject').notNull(),
    bodyHtml: text('body_html').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('email_templates_scope_event_locale_unique').on(t.accountId, t.siteId, t.event, t.locale).nullsNotDistinct(),
  ],
);
