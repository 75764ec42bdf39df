import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { listCreditActions, listLedger } from '@hireline/contract/credits';
import { creditActions, type CreditAction } from '@hireline/contract/enums';
import { ErrorState } from '../../components/ErrorState';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { ListEmpty } from '../../components/list/ListCard';
import { ListPagination, useStepBackWhenEmptied } from '../../components/ListPagination';
import { RefetchingBar } from '../../components/RefetchingBar';
import { useCan } from '../../lib/ability';
import { useApiQuery } from '../../lib/api-query';
import { DEFAULT_PER_PAGE } from '../../lib/list-search';
import type { CreditSystemSearch } from './credits.search';
import { LedgerTable } from './LedgerTable';

/** The employer's ledger with server paging and a filter by credit action, all in the URL; CSV for those who may export. */
export function LedgerCard(props: {
  search: CreditSystemSearch;
  onSearch: (patch: Partial<CreditSystemSearch>, replace?: boolean) => void;
  slugs: { account: string; site: string };
  onReceipt: (purchaseId: string) => void;
}) {
  const { t } = useTranslation('credits');
  const headingId = useId();
  const { search, onSearch } = props;
  const page = search.page ?? 1;
  const perPage = search.per_page ?? DEFAULT_PER_PAGE;
  const ledgerQuery = { page, per_page: perPage, action: search.action };
  const query = useApiQuery(listLedger, { query: ledgerQuery }, { keepPrevious: true });
  const canExport = useCan('export', 'credits');
  // The API's list says which actions exist; the labels are ours, in the reader's language.
  const actions = useApiQuery(listCreditActions, {}, { staleTime: 5 * 60_000 });
  const values: readonly CreditAction[] = actions.data?.data.map((a) => a.value) ?? creditActions;
  const rows = query.data?.data;
  const meta = query.data?.meta;

  useStepBackWhenEmptied(meta, rows, page, perPage, (to) => onSearch({ page: to }, true));

  return (
    <Card component="section" aria-labelledby={headingId} sx={{ position: 'relative' }}>
      <RefetchingBar show={query.isFetching && Boolean(rows)} />
      <Box sx={{ p: 3, pb: 2, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <Box sx={{ flex: '1 1 200px' }}>
          <Typography id={headingId} variant="h6" component="h2">
            {t('ledger.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('ledger.hint')}
          </Typography>
        </Box>
        <TextField
          select
          size="small"
          label={t('ledger.filter')}
          value={search.action ?? ''}
          onChange={(e) => onSearch({ action: (e.target.value || undefined) as CreditAction | undefined, page: undefined })}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">
            <em>{t('ledger.allActions')}</em>
          </MenuItem>
          {values.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`creditAction.${value}`)}
            </MenuItem>
          ))}
        </TextField>
        {canExport && <ExportCsvButton endpoint={listLedger} query={ledgerQuery} name="credits" />}
      </Box>
      {query.isError && !rows ? (
        <Box sx={{ px: 3, pb: 3 }}>
          <ErrorState title={t('ledger.loadError')} error={query.error} onRetry={() => void query.refetch()} />
        </Box>
      ) : rows?.length === 0 ? (
        <ListEmpty
          compact
          title={search.action ? t('ledger.emptyFiltered', { action: t(`creditAction.${search.action}`) }) : t('ledger.empty')}
          hint={search.action ? t('ledger.emptyFilteredHint') : t('ledger.emptyHint')}
          action={
            search.action ? (
              <Button variant="outlined" onClick={() => onSearch({ action: undefined, page: undefined })}>
                {t('ledger.clearFilter')}
              </Button>
            ) : undefined
          }
        />
      ) : (
        <LedgerTable rows={rows} busy={query.isFetching} slugs={props.slugs} onReceipt={props.onReceipt} />
      )}
      {!(query.isError && !rows) && (
        <ListPagination
          meta={meta}
          page={page}
          perPage={perPage}
          onPage={(next) => onSearch({ page: next })}
          onPerPage={(size) => onSearch({ per_page: size === DEFAULT_PER_PAGE ? undefined : size, page: undefined })}
        />
      )}
    </Card>
  );
}
