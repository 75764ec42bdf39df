import { useState } from 'react';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { approveEmployer, listEmployersOnHold, rejectEmployer, type EmployerSummary } from '@hireline/contract/employers';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { BulkActionsBar } from '../../components/list/BulkActionsBar';
import { ListSearchBox } from '../../components/list/FilterPanel';
import { ListCard, ListEmptyMessage } from '../../components/list/ListCard';
import { useListPager, useListSelection } from '../../components/list/use-list';
import { PageHeader } from '../../components/PageHeader';
import { ReasonDialog } from '../../components/ReasonDialog';
import type { ApiError } from '../../lib/api-client';
import { useApiMutation, useApiQuery } from '../../lib/api-query';
import { bodySchema } from '../../lib/forms';
import { listPaging, type SimpleListSearch } from '../../lib/list-search';
import { useSnackbar } from '../../lib/snackbar';
import { translateError } from '../../lib/messages';
import { OnHoldTable } from './OnHoldTable';
import { useRefreshEmployers } from './use-employers-data';
import { useReviewEmployers } from './use-review-employers';

const FROM = '/$account/$site/employers/hold';
const rejectSchema = bodySchema(rejectEmployer);
type Review = 'approve' | 'reject';
type Pending = { kind: 'approve-many' | 'reject-many'; ids: string[]; open: boolean } | { kind: 'reject-one'; employer: EmployerSummary; open: boolean };

/**
 * Employer registrations awaiting a decision, oldest first: approve or reject (with a reason, emailed to the
 * registrant) one by one, or several at once after a confirmation that says how many.
 */
export function EmployersOnHoldPage() {
  const { t } = useTranslation('employers');
  const search = useSearch({ from: FROM });
  const navigate = useNavigate({ from: FROM });
  const slugs = useParams({ from: FROM });
  const snackbar = useSnackbar();
  const refresh = useRefreshEmployers();
  const paging = listPaging(search);
  const listQuery = { page: paging.page, per_page: paging.perPage, q: search.q };
  const query = useApiQuery(listEmployersOnHold, { query: listQuery }, { keepPrevious: true });
  const rows = query.data?.data;
  const go = (patch: Partial<SimpleListSearch>, replace = false) =>
    void navigate({ search: (prev) => ({ ...prev, ...patch }), replace });
  const pager = useListPager(paging, query.data, go);

  const { selected, setSelected, clear } = useListSelection(JSON.stringify(search));
  const [pending, setPending] = useState<Pending | null>(null);
  const close = () => setPending((p) => p && { ...p, open: false });
  const bulk = useReviewEmployers(() => {
    close();
    clear();
  });
  const onError = (error: ApiError) => {
    snackbar.error(translateError(error));
    if (error.status === 409 || error.status === 404) {
      close();
      void refresh();
    }
  };
  const approve = useApiMutation(approveEmployer, {
    onSuccess: (employer) => {
      snackbar.success(t('hold.approved', { name: employer.business_name }));
      setSelected(selected.filter((id) => id !== employer.id));
      return refresh();
    },
    onError,
  });
  const reject = useApiMutation(rejectEmployer, {
    onSuccess: (employer) => {
      close();
      snackbar.success(t('hold.rejected', { name: employer.business_name }));
      setSelected(selected.filter((id) => id !== employer.id));
      return refresh();
    },
    onError,
  });

  const ids = pending && 'ids' in pending ? pending.ids : [];
  const count = ids.length;
  return (
    <>
      <PageHeader title={t('hold.title')} subtitle={t('hold.subtitle')} />
      <ListCard query={query} rows={rows} errorTitle={t('hold.loadError')} pager={pager}>
        <ListSearchBox label={t('hold.search')} value={search.q} onChange={(q) => go({ q, page: undefined }, true)} />
        <BulkActionsBar<Review>
          count={selected.length}
          actions={['approve', 'reject']}
          busy={bulk.isPending}
          onAction={(action) => setPending({ kind: action === 'approve' ? 'approve-many' : 'reject-many', ids: selected, open: true })}
          onClear={() => setSelected([])}
          labels={{
            region: t('hold.bulk.label'),
            selected: t('hold.bulk.selected', { count: selected.length }),
            clear: t('hold.bulk.clear'),
            action: (action) => t(`actions.${action}`),
          }}
          colors={{ approve: 'success', reject: 'error' }}
        />
        {rows?.length === 0 ? (
          <ListEmptyMessage>{search.q ? t('hold.emptySearch', { q: search.q }) : t('hold.empty')}</ListEmptyMessage>
        ) : (
          <OnHoldTable
            rows={rows}
            slugs={slugs}
            selected={selected}
            onSelect={setSelected}
            busy={approve.isPending || reject.isPending || bulk.isPending}
            approving={approve.isPending ? approve.variables?.params?.uuid : undefined}
            onApprove={(employer) => approve.mutate({ params: { uuid: employer.id } })}
            onReject={(employer) => setPending({ kind: 'reject-one', employer, open: true })}
          />
        )}
      </ListCard>
      <ConfirmDialog
        open={pending?.kind === 'approve-many' && pending.open}
        title={t('hold.confirmApprove.title', { count })}
        body={t('hold.confirmApprove.body', { count })}
        confirmLabel={t('actions.approve')}
        color="success"
        pending={bulk.isPending}
        onCancel={close}
        onConfirm={() => bulk.mutate({ body: { action: 'approve', ids } })}
      />
      <ReasonDialog
        open={pending?.kind !== 'approve-many' && !!pending?.open}
        title={
          pending?.kind === 'reject-one'
            ? t('reject.title', { name: pending.employer.business_name })
            : t('hold.confirmReject.title', { count })
        }
        body={pending?.kind === 'reject-one' ? t('reject.body') : t('hold.confirmReject.body', { count })}
        reasonLabel={t('reject.reason')}
        reasonHint={t('reject.reasonHint')}
        confirmLabel={t('actions.reject')}
        schema={rejectSchema}
        pending={bulk.isPending || reject.isPending}
        onCancel={close}
        onConfirm={(reason) =>
          pending?.kind === 'reject-one'
            ? reject.mutate({ params: { uuid: pending.employer.id }, body: { reason } })
            : bulk.mutate({ body: { action: 'reject', ids, reason } })
        }
      />
    </>
  );
}
