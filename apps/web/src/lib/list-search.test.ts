import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseSearch } from '../app/search-params';
import {
  dayParam,
  isTag,
  listFilters,
  listPaging,
  listQuery,
  manyParam,
  pagingParams,
  simpleListSearch,
  sortParam,
  textParam,
  uuidParam,
  yesNo,
  yesNoParam,
} from './list-search';

const SORTS = ['-created_at', 'created_at', 'name', '-name'] as const;
const isColour = (v: string): v is 'red' | 'blue' => v === 'red' || v === 'blue';
const schema = z.object({
  ...pagingParams,
  sort: sortParam(SORTS),
  q: textParam(10),
  colour: manyParam(isColour),
  tags: manyParam(isTag, { lowerCase: true }),
  owner: uuidParam,
  from: dayParam,
  enabled: yesNoParam,
});
const parse = (qs: string) => schema.parse(parseSearch(qs));
const UUID = '00000000-0000-4000-8000-000000000001';

describe('list search params', () => {
  it('keeps valid values, trims text and de-duplicates repeated keys', () => {
    const search = parse(`page=3&per_page=50&sort=-name&q=%20ana%20&colour=red&colour=red&colour=blue&owner=${UUID}&from=2025-01-31`);
    expect(search).toEqual({
      page: 3,
      per_page: 50,
      sort: '-name',
      q: 'ana',
      colour: ['red', 'blue'],
      tags: undefined,
      owner: UUID,
      from: '2025-01-31',
      enabled: undefined,
    });
    expect(parse('enabled=false').enabled).toBe('false');
  });

  it('lower-cases a repeatable key only when asked', () => {
    expect(parse('tags=VIP&tags=vip&tags=Night&colour=RED').tags).toEqual(['vip', 'night']);
    expect(parse('colour=RED').colour).toBeUndefined();
  });

  it('drops junk instead of failing, so an old or hand-edited link still opens the list', () => {
    const junk = `page=0&per_page=7&sort=salary&q=${'x'.repeat(11)}&colour=green&tags=${'t'.repeat(41)}`;
    const search = parse(`${junk}&owner=1&from=31/01&enabled=x`);
    expect(Object.values(search).filter((v) => v !== undefined)).toEqual([]);
    expect(parse('q=%20%20').q).toBeUndefined();
  });

  it('reads page and size with their defaults', () => {
    expect(listPaging({})).toEqual({ page: 1, perPage: 25 });
    expect(listPaging({ page: 4, per_page: 100 })).toEqual({ page: 4, perPage: 100 });
    const simple = simpleListSearch.parse(parseSearch('page=2&q=forklift&sort=name'));
    expect(simple).toEqual({ page: 2, per_page: undefined, q: 'forklift' });
  });

  it('builds the endpoint query: paging and sort first with their defaults, then the filters in URL order', () => {
    const query = listQuery(parse('q=bob&colour=red&sort=name'), '-created_at');
    expect(query).toMatchObject({ page: 1, per_page: 25, sort: 'name', q: 'bob', colour: ['red'] });
    expect(Object.keys(query).slice(0, 4)).toEqual(['page', 'per_page', 'sort', 'q']);
    expect(listQuery({}, '-created_at')).toEqual({ page: 1, per_page: 25, sort: '-created_at' });
  });

  it('knows whether any filter is set, and what clearing them writes', () => {
    const filters = listFilters(['q', 'colour'] as const);
    expect(filters.has(parse('sort=name&page=2'))).toBe(false);
    expect(filters.has(parse('colour=blue'))).toBe(true);
    const cleared = { ...parse('sort=-name&colour=blue&q=bob'), ...filters.cleared };
    expect(cleared).toMatchObject({ sort: '-name', q: undefined, colour: undefined });
    expect(filters.has(cleared)).toBe(false);
  });

  it('narrows a select value to a yes/no filter', () => {
    expect(['true', 'false', '', 'yes', undefined].map(yesNo)).toEqual(['true', 'false', undefined, undefined, undefined]);
  });
});
