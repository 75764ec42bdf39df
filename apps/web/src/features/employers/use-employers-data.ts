import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { listEmployerUsers } from '@hireline/contract/employer-users';
import { getEmployer, listEmployers, listEmployersOnHold, listEmployerTypes } from '@hireline/contract/employers';
import { employerTypes, type EmployerType } from '@hireline/contract/enums';
import { getFieldOptions } from '@hireline/contract/lookups';
import { invalidateEndpoint, useApiQuery } from '../../lib/api-query';

/** Every cached list and detail of employers (and their users) that an action may have changed. */
export function useRefreshEmployers() {
  const client = useQueryClient();
  return () =>
    Promise.all(
      [listEmployers, listEmployersOnHold, getEmployer, listEmployerUsers].map((endpoint) => invalidateEndpoint(client, endpoint)),
    );
}

/**
 * The kinds of employer, in the API's order, with their names in the reader's language (the API's labels are
 * English). Until it answers, or if it cannot, the contract's list stands in.
 */
export function useEmployerTypes() {
  const { t } = useTranslation('employers');
  const query = useApiQuery(listEmployerTypes, {}, { staleTime: 30 * 60_000 });
  const values: EmployerType[] = query.data?.map((o) => o.value) ?? [...employerTypes];
  return values.map((value) => ({ value, label: t(`type.${value}`) }));
}

export type EmployerOptionKind = 'industry' | 'employer_size';

/**
 * The site's industry and company size options. Employers store the option's value; the site's label is shown, or
 * the value itself when the site no longer offers it.
 */
export function useEmployerFieldOptions() {
  const query = useApiQuery(getFieldOptions, {}, { staleTime: 5 * 60_000 });
  const options = (kind: EmployerOptionKind) => query.data?.[kind] ?? [];
  const label = (kind: EmployerOptionKind, value: string | null | undefined) =>
    value ? (options(kind).find((o) => o.value === value)?.label ?? value) : null;
  return { options, label };
}
