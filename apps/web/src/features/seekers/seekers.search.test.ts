import { describe, expect, it } from 'vitest';
import { parseSearch } from '../../app/search-params';
import { clearedFilters, hasFilters, isSeekerTab, seekersListSearch, toListQuery } from './seekers.search';

const parse = (qs: string) => seekersListSearch.parse(parseSearch(qs));

describe('seekers list search params', () => {
  it('keeps valid values, lower-cases and de-duplicates repeated tags', () => {
    const search = parse(
      'page=3&per_page=50&sort=name&q=%20ana%20&desired_work_type=casual&visa_type=citizen&tags=VIP&tags=vip&tags=night&enabled=false',
    );
    expect(search).toEqual({
      page: 3,
      per_page: 50,
      sort: 'name',
      q: 'ana',
      desired_work_type: 'casual',
      visa_type: 'citizen',
      tags: ['vip', 'night'],
      enabled: 'false',
    });
    expect(toListQuery(search)).toEqual({ ...search });
  });

  it('drops junk instead of failing, so an old or hand-edited link still opens the list', () => {
    const search = parse(`page=0&per_page=7&sort=salary&q=${'x'.repeat(201)}&enabled=yes&tags=${'t'.repeat(41)}&visa_type=`);
    expect(Object.values(search).filter((v) => v !== undefined)).toEqual([]);
    expect(hasFilters(search)).toBe(false);
    expect(toListQuery(search)).toEqual({ page: 1, per_page: 25, sort: '-created_at' });
  });

  it('clearing filters keeps paging and sort out of it', () => {
    const search = parse('sort=-name&enabled=true&q=bob');
    expect(hasFilters(search)).toBe(true);
    const cleared = { ...search, ...clearedFilters };
    expect(cleared.sort).toBe('-name');
    expect(hasFilters(cleared)).toBe(false);
  });

  it('knows the three detail tabs', () => {
    expect(['profile', 'applications', 'tags', 'overview', ''].map(isSeekerTab)).toEqual([true, true, true, false, false]);
  });
});
