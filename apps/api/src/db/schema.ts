import * as applications from './schema/applications';
import * as consultants from './schema/consultants';
import * as credits from './schema/credits';
import * as employers from './schema/employers';
import * as identity from './schema/identity';
import * as jobs from './schema/jobs';
import * as mfa from './schema/mfa';
import * as notifications from './schema/notifications';
import * as platform from './schema/platform';
import * as seekers from './schema/seekers';
import * as settings from './schema/settings';
import * as tenancy from './schema/tenancy';

/** Drizzle's schema object (enables `db.query.*`); tables are imported from their aggregate file. */
export const schema = {
  ...tenancy,
  ...identity,
  ...mfa,
  ...employers,
  ...consultants,
  ...jobs,
  ...seekers,
  ...applications,
  ...credits,
  ...notifications,
  ...settings,
  ...platform,
};
