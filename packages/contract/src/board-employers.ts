import { z } from 'zod';
import { endpoint } from './endpoint';
import { email, requiredString } from './common';
import { newPassword } from './auth';
import { employerFieldsShape } from './employers';
import { employerStatuses } from './enums';
import { messageCatalog as codes } from './message-codes';

/*
 * An employer registering on a site's board with its first user, who becomes the employer's admin. Where the site
 * requires approval it lands on hold in the portal (staff are told, the registrant is emailed the decision);
 * otherwise it is active at once and the registrant can sign in to the portal.
 */

export const employerRegistrationMessages = {
  pending: codes['employers.registration_pending'],
  active: codes['employers.registration_active'],
  emailTaken: codes['employers.email_taken'],
} as const;

const { logo_file_id: _logo, contact_email: _contactEmail, ...fields } = employerFieldsShape;

export const registerEmployerBody = z.strictObject({
  domain: z.string().trim().min(1).max(253).optional(),
  ...fields,
  user: z.strictObject({ name: requiredString(120), email, password: newPassword }),
});

export const registerEmployer = endpoint({
  method: 'POST',
  path: '/v1/board/employers/register',
  summary: 'Register an employer with its first user (on hold when the site requires approval)',
  tags: ['board'],
  access: { public: true },
  body: registerEmployerBody,
  status: 201,
  response: z.object({ status: z.enum(employerStatuses), message: z.string(), login_url: z.string() }),
});
