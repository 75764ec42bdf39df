import { useQueryClient } from '@tanstack/react-query';
import { getFieldOptions } from '@hireline/contract/lookups';
import { getSeeker, getSeekerTags, listSeekerApplications, listSeekers } from '@hireline/contract/seekers';
import { invalidateEndpoint, useApiQuery } from '../../lib/api-query';

/** Every cached list and detail of seekers that an action may have changed. */
export function useRefreshSeekers() {
  const client = useQueryClient();
  return () =>
    Promise.all([listSeekers, getSeeker, getSeekerTags, listSeekerApplications].map((endpoint) => invalidateEndpoint(client, endpoint)));
}

export type SeekerOptionKind = 'work_type' | 'visa_type';

/**
 * The site's work type and visa type options. Seekers store the option's value; the site's label is shown, or the
 * value itself when the site no longer offers it (an old profile keeps what the candidate chose).
 */
export function useSeekerFieldOptions() {
  const query = useApiQuery(getFieldOptions, {}, { staleTime: 5 * 60_000 });
  const options = (kind: SeekerOptionKind) => query.data?.[kind] ?? [];
  const label = (kind: SeekerOptionKind, value: string | null | undefined) =>
    value ? (options(kind).find((o) => o.value === value)?.label ?? value) : null;
  return { options, label };
}
