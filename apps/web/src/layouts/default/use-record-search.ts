import { useEffect, useState } from 'react';
import { SEARCH_MIN_LENGTH, siteSearch, type SiteSearchResult } from '@hireline/contract/search';
import { useCanCheck } from '../../lib/ability';
import { useApiQuery } from '../../lib/api-query';
import { useSelectedSlugs } from '../../lib/current-user';
import { recordGroups } from './search-options';

/** Long enough to let a word be typed out, short enough to feel immediate. */
const DEBOUNCE_MS = 250;
const PER_GROUP = 5;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export interface RecordSearch {
  /** The matches for what was typed (or, while the next answer loads, for what was typed before). */
  data: SiteSearchResult | undefined;
  /** A search is due or under way. */
  loading: boolean;
}

/**
 * The records of the selected site matching the search text, asked for once the user pauses typing. Nothing is
 * asked below the API's minimum length, without a selected site, or when the user may view none of the groups.
 */
export function useRecordSearch(input: string): RecordSearch {
  const term = input.trim();
  const debounced = useDebounced(term, DEBOUNCE_MS);
  const { site } = useSelectedSlugs();
  const can = useCanCheck();
  const searchable = Boolean(site) && recordGroups.some((group) => can('view', group));
  const active = searchable && term.length >= SEARCH_MIN_LENGTH;
  const query = useApiQuery(
    siteSearch,
    { query: { q: debounced, limit: PER_GROUP } },
    { enabled: searchable && debounced.length >= SEARCH_MIN_LENGTH, keepPrevious: true, staleTime: 30_000 },
  );
  return {
    // Kept-previous data would otherwise outlive the text being cleared below the minimum.
    data: active && !query.isError ? query.data : undefined,
    loading: active && (debounced !== term || query.isFetching),
  };
}
