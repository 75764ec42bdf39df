import { z } from 'zod';
import { endpoint } from './endpoint';
import { uuid } from './common';

const hex = z.string().regex(/^#[0-9a-fA-F]{6}$/);

/** The branding object of spec §3, as the portal and board apply it. */
export const brandingObject = z.object({
  id: uuid,
  name: z.string(),
  title: z.string(),
  branding: z.object({
    colors: z.object({ primary_color: hex, primary_darken_color: hex }),
    stylesheet: z.object({ path: z.string().nullable() }),
    favicon: z.string().nullable(),
    logo: z.string().nullable(),
    login: z.record(z.string(), z.unknown()),
    forgot_password: z.record(z.string(), z.unknown()),
    register: z.record(z.string(), z.unknown()),
  }),
  settings: z.object({
    /** Whether the host is a site's job board (true) or the staff portal (false). */
    is_board: z.boolean(),
    account_id: uuid,
    site_id: uuid.nullable(),
    locale: z.string(),
    multi_language: z.boolean(),
  }),
  logo_square: z.string().nullable(),
});
export type Branding = z.infer<typeof brandingObject>;

/** Defaults of spec §3 used where an account sets nothing. */
export const brandingDefaults = {
  primary_color: '#a02fff',
  primary_darken_color: '#ff5b5b',
} as const;

export const getBranding = endpoint({
  method: 'GET',
  path: '/accounts/branding',
  summary: 'Branding of the account or site whose domain is the given host',
  tags: ['branding'],
  access: { public: true },
  query: z.object({ domain: z.string().trim().min(1).max(253) }),
  response: brandingObject,
});
