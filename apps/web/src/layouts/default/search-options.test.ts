import { describe, expect, it } from 'vitest';
import type { FilterOptionsState } from '@mui/material/useAutocomplete';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import type { SiteSearchResult } from '@hireline/contract/search';
import { pathOfRoute } from '../../app/router';
import { filterSearchOptions, recordOptions, recordRoutes, type PageOption, type RecordLabels, type SearchOption } from './search-options';

const labels: RecordLabels = {
  section: (group) => `[${group}]`,
  jobStatus: (status) => `job:${status}`,
  applicationStatus: (status) => `app:${status}`,
};
const slugs = { account: 'acme', site: 'jobs' };
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const result: SiteSearchResult = {
  jobs: [
    { id: id(1), title: 'Warehouse Operative', reference: 'WH-001', status: 'live', employer_name: 'Acme Logistics' },
    { id: id(2), title: 'Warehouse Operative', reference: null, status: 'draft', employer_name: 'Northwind' },
  ],
  seekers: [{ id: id(3), name: 'Jane Doe', email: 'j.doe@example.test' }],
  applications: [{ id: id(4), candidate_name: 'Jane Doe', job_title: 'Warehouse Operative', status: 'shortlisted' }],
  employers: [{ id: id(5), name: 'Acme Logistics' }],
};

const page = (name: 'root' | 'jobs', label: string, section: string): PageOption => ({
  kind: 'page',
  key: `page:${name}`,
  name,
  label,
  section,
  to: name === 'root' ? '/' : '/$account/$site/jobs',
  icon: DashboardOutlined,
  params: name === 'root' ? {} : slugs,
});

const typed = (inputValue: string) => ({ inputValue, getOptionLabel: (o: SearchOption) => o.label }) as FilterOptionsState<SearchOption>;

describe('record search options', () => {
  it('open the detail page their route table names', () => {
    for (const route of Object.values(recordRoutes)) expect(route.to, route.name).toBe(pathOfRoute(route.name));
  });

  it('list jobs, candidates, applications and employers in that order, each with what tells it apart', () => {
    const options = recordOptions(result, slugs, labels);
    expect(options.map((o) => [o.section, o.label, o.secondary])).toEqual([
      ['[jobs]', 'Warehouse Operative', 'Acme Logistics · job:live · WH-001'],
      ['[jobs]', 'Warehouse Operative', 'Northwind · job:draft'],
      ['[seekers]', 'Jane Doe', 'j.doe@example.test'],
      ['[applications]', 'Jane Doe', 'Warehouse Operative · app:shortlisted'],
      ['[employers]', 'Acme Logistics', undefined],
    ]);
    // Same title, same name: the keys still differ, so the list never mixes them up.
    expect(new Set(options.map((o) => o.key)).size).toBe(options.length);
  });

  it('point at the record in the selected account and site, seekers and applications on their first tab', () => {
    const [job, , seeker, application, employer] = recordOptions(result, slugs, labels);
    expect(job).toMatchObject({ to: '/$account/$site/jobs/$id', params: { account: 'acme', site: 'jobs', id: id(1) } });
    expect(seeker).toMatchObject({ to: '/$account/$site/seekers/$id/$tab', params: { id: id(3), tab: 'overview' } });
    expect(application).toMatchObject({ to: '/$account/$site/applications/$id/$tab', params: { id: id(4), tab: 'overview' } });
    expect(employer).toMatchObject({ to: '/$account/$site/employers/$id', params: { account: 'acme', site: 'jobs', id: id(5) } });
  });

  it('are none without an answer or without a selected site', () => {
    expect(recordOptions(undefined, slugs, labels)).toEqual([]);
    expect(recordOptions(result, { account: 'acme', site: null }, labels)).toEqual([]);
  });
});

describe('filterSearchOptions', () => {
  const pages = [page('root', 'Dashboard', 'Main'), page('jobs', 'Jobs', 'Recruitment')];
  const records = recordOptions(result, slugs, labels);

  it('matches pages on what was typed and keeps every record the server found', () => {
    // "doe@" matches no label: the seeker and the application were found by email and stay listed.
    const shown = filterSearchOptions([...pages, ...records], typed('doe@'));
    expect(shown).toEqual(records);
    expect(filterSearchOptions([...pages, ...records], typed('job')).map((o) => o.key)).toEqual(['page:jobs', ...records.map((o) => o.key)]);
  });

  it('lists every page while nothing is typed, and nothing when nothing matched', () => {
    expect(filterSearchOptions(pages, typed(''))).toEqual(pages);
    expect(filterSearchOptions(pages, typed('zzz'))).toEqual([]);
  });
});
