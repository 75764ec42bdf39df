import { describe, expect, it } from 'vitest';
import { parseSearch, stringifySearch } from '../../app/search-params';
import { clearFilters, hasFilters, JOBS_PER_PAGE, parseJobsSearch, refine, toApiQuery, toggleFacet } from './jobs.search';

const fromUrl = (query: string) => parseJobsSearch(parseSearch(query));

describe('job search in the URL', () => {
  it('reads every part of a shared search URL', () => {
    const search = fromUrl('?q=driver&location=Sydney&work_type=full_time&work_type=casual&pay_type=salary&pay_min=50000&sort=published_at&page=3');
    expect(search).toEqual({
      q: 'driver',
      location: 'Sydney',
      work_type: ['full_time', 'casual'],
      pay_type: ['salary'],
      pay_min: 50000,
      sort: 'published_at',
      page: 3,
    });
  });

  it('drops what it cannot read instead of failing the page', () => {
    expect(fromUrl('?page=0&page_size=9&pay_min=lots&sort=cheapest&q=&work_type=')).toEqual({});
    expect(fromUrl('?page=1')).toEqual({}); // page 1 is the plain URL
  });

  it('writes back the same URL it reads (shareable, back button safe)', () => {
    const url = '?q=nurse&work_type=part_time&work_type=casual&pay_min=30&page=2';
    expect(stringifySearch({ ...fromUrl(url) })).toBe(url);
  });

  it('asks the API for 20 a page, pay in cents, repeated facet values', () => {
    expect(toApiQuery(fromUrl('?q=cook&classification=hospitality&pay_min=25&page=2'))).toEqual({
      page: 2,
      per_page: JOBS_PER_PAGE,
      q: 'cook',
      location: undefined,
      work_type: undefined,
      classification: ['hospitality'],
      pay_type: undefined,
      pay_min: 2500,
      sort: undefined,
    });
    expect(toApiQuery({})).toMatchObject({ page: 1, per_page: 20 });
  });

  it('goes back to the first page whenever the question changes', () => {
    const onPage3 = fromUrl('?q=cook&work_type=casual&page=3');
    expect(toggleFacet(onPage3, 'work_type', 'full_time')).toEqual({ q: 'cook', work_type: ['casual', 'full_time'] });
    expect(toggleFacet(onPage3, 'work_type', 'casual')).toEqual({ q: 'cook' });
    expect(refine(onPage3, { location: 'Perth' })).toEqual({ q: 'cook', work_type: ['casual'], location: 'Perth' });
  });

  it('clears every filter but keeps the chosen sort', () => {
    const search = fromUrl('?q=cook&work_type=casual&pay_min=10&sort=published_at&page=2');
    expect(hasFilters(search)).toBe(true);
    expect(clearFilters(search)).toEqual({ sort: 'published_at' });
    expect(hasFilters(clearFilters(search))).toBe(false);
  });
});
