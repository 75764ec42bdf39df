import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '@hireline/contract/endpoint';
import { pickEmployers } from '@hireline/contract/lookups';
import { useApiQuery } from '../../lib/api-query';
import { useCurrentUser } from '../../lib/current-user';
import { canChooseEmployer } from '../../lib/scope';
import { session, useSession } from '../../lib/session';
import { useDebounced } from './use-debounced';

type Employer = ResponseOf<typeof pickEmployers>[number];

/** Whether the signed-in user may pick the employer the credit screens act for (site-wide staff). */
export function useCanChooseEmployer(): boolean {
  const user = useCurrentUser();
  const { scope } = useSession();
  return user ? canChooseEmployer(user, scope) : false;
}

/**
 * Chooses the employer to act for: it becomes the selected employer (X-AF-EMPID) and every scoped query refetches.
 * The site's employers are searched by name; the lookup is asked without the current employer, which would
 * otherwise narrow it to that one employer.
 */
export function EmployerPicker({ current, size = 'medium' }: { current?: Employer | null; size?: 'small' | 'medium' }) {
  const { t } = useTranslation('credits');
  const { scope } = useSession();
  const [open, setOpen] = useState(false);
  const [term, setTerm] = useState('');
  const q = useDebounced(term.trim(), 250);
  const siteHeaders = { 'X-AF-AID': scope.accountId ?? '', 'X-AF-SID': scope.siteId ?? '' };
  const lookup = useApiQuery(
    pickEmployers,
    { query: { q: q || undefined }, scoped: false, headers: siteHeaders },
    { enabled: open, staleTime: 60_000, keepPrevious: true },
  );
  const found = lookup.data ?? [];
  const options = current && !found.some((o) => o.id === current.id) ? [current, ...found] : found;
  return (
    <Autocomplete
      size={size}
      options={options}
      value={current ?? null}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      loading={lookup.isFetching}
      loadingText={t('employer.loading')}
      noOptionsText={t('employer.noOptions')}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(x) => x}
      onInputChange={(_, text, reason) => setTerm(reason === 'input' ? text : '')}
      onChange={(_, option) => session.setScope({ ...session.get().scope, employerId: option?.id ?? null })}
      sx={{ width: { xs: '100%', sm: 320 } }}
      renderInput={(params) => <TextField {...params} label={t('employer.label')} />}
    />
  );
}

/** No employer to act for: say why nothing is shown and, when the user may, let them choose one. */
export function ChooseEmployer({ title }: { title?: string }) {
  const { t } = useTranslation('credits');
  const canChoose = useCanChooseEmployer();
  return (
    <Card>
      <CardContent sx={{ textAlign: 'center', py: { xs: 5, sm: 7 }, px: 3, display: 'grid', justifyItems: 'center', gap: 1.5 }}>
        <StorefrontOutlined color="action" sx={{ fontSize: 48 }} aria-hidden />
        <Typography variant="h6" component="h2">
          {title ?? t('employer.chooseTitle')}
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 520 }}>
          {canChoose ? t('employer.chooseHint') : t('employer.askHint')}
        </Typography>
        {canChoose && <EmployerPicker />}
      </CardContent>
    </Card>
  );
}
