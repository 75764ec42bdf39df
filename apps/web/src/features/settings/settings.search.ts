import { z } from 'zod';

/*
 * The site settings page keeps its tab in the URL (`?tab=pricing`), so each tab has its own address; an unknown tab
 * (an old or hand-made link) falls back to the first one instead of failing.
 */

export const settingsTabs = [
  'general',
  'approvals',
  'pricing',
  'products',
  'stages',
  'field-options',
  'email-templates',
  'forms',
  'branding',
  'sso',
  'retention',
  'cms',
] as const;
export type SettingsTab = (typeof settingsTabs)[number];

export const settingsSearch = z.object({ tab: z.enum(settingsTabs).optional().catch(undefined) });
export type SettingsSearch = z.output<typeof settingsSearch>;
