import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import { createFilterOptions } from '@mui/material/Autocomplete';
import type { FilterOptionsState } from '@mui/material/useAutocomplete';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import WorkOutlineOutlined from '@mui/icons-material/WorkOutlineOutlined';
import type { ApplicationStatus, JobStatus } from '@hireline/contract/enums';
import type { SiteSearchResult } from '@hireline/contract/search';
import type { RouteName } from '../../app/route-meta';
import type { ScopeSlugs } from '../../lib/scope';
import type { NavItem } from './use-nav';

/** The record groups of the search, in the order they are listed. */
export const recordGroups = ['jobs', 'seekers', 'applications', 'employers'] as const;
export type RecordGroup = (typeof recordGroups)[number];

/** Detail pages a record opens (kept equal to the registered routes by search-options.test.ts). */
export const recordRoutes = {
  jobs: { name: 'jobs-id', to: '/$account/$site/jobs/$id', icon: WorkOutlineOutlined },
  seekers: { name: 'seekers-id-tab', to: '/$account/$site/seekers/$id/$tab', icon: PersonSearchOutlined },
  applications: { name: 'applications-id-tab', to: '/$account/$site/applications/$id/$tab', icon: AssignmentOutlined },
  employers: { name: 'employers-id', to: '/$account/$site/employers/$id', icon: BusinessOutlined },
} as const satisfies Record<RecordGroup, { name: RouteName; to: string; icon: ComponentType<SvgIconProps> }>;

/** The tab a seeker or an application opens on. */
const FIRST_TAB = 'overview';

export interface PageOption extends NavItem {
  kind: 'page';
  key: string;
  section: string;
}

export interface RecordOption {
  kind: 'record';
  key: string;
  group: RecordGroup;
  section: string;
  label: string;
  /** Status, employer or email: what tells two records of the same name apart. */
  secondary?: string;
  icon: ComponentType<SvgIconProps>;
  to: (typeof recordRoutes)[RecordGroup]['to'];
  params: Record<string, string>;
}

export type SearchOption = PageOption | RecordOption;

/** Translated words the record options need; passed in so the option building stays a plain function. */
export interface RecordLabels {
  section: (group: RecordGroup) => string;
  jobStatus: (status: JobStatus) => string;
  applicationStatus: (status: ApplicationStatus) => string;
}

const line = (...parts: Array<string | null | undefined>) => parts.filter(Boolean).join(' · ') || undefined;

/**
 * The server's matches as options, group by group, each pointing at its detail page in the selected site.
 * Nothing without a selected account and site: there would be no page to open.
 */
export function recordOptions(result: SiteSearchResult | undefined, slugs: ScopeSlugs, labels: RecordLabels): RecordOption[] {
  const { account, site } = slugs;
  if (!result || !account || !site) return [];
  const option = (group: RecordGroup, id: string, label: string, secondary?: string, extra: Record<string, string> = {}): RecordOption => ({
    kind: 'record',
    key: `${group}:${id}`,
    group,
    section: labels.section(group),
    label,
    secondary,
    icon: recordRoutes[group].icon,
    to: recordRoutes[group].to,
    params: { account, site, id, ...extra },
  });
  return [
    ...result.jobs.map((j) => option('jobs', j.id, j.title, line(j.employer_name, labels.jobStatus(j.status), j.reference))),
    ...result.seekers.map((s) => option('seekers', s.id, s.name, s.email, { tab: FIRST_TAB })),
    ...result.applications.map((a) =>
      option('applications', a.id, a.candidate_name, line(a.job_title, labels.applicationStatus(a.status)), { tab: FIRST_TAB }),
    ),
    ...result.employers.map((e) => option('employers', e.id, e.name)),
  ];
}

const filterPages = createFilterOptions<PageOption>({
  ignoreAccents: true,
  ignoreCase: true,
  stringify: (o) => `${o.label} ${o.section}`,
});

/**
 * Pages are matched here, as typed; records were matched by the server (prefix words, emails, references) and are
 * kept as they are, since matching them again on their label would drop e.g. a seeker found by email.
 */
export function filterSearchOptions(options: SearchOption[], state: FilterOptionsState<SearchOption>): SearchOption[] {
  const pages = options.filter((o): o is PageOption => o.kind === 'page');
  const records = options.filter((o): o is RecordOption => o.kind === 'record');
  return [...filterPages(pages, state as FilterOptionsState<PageOption>), ...records];
}
