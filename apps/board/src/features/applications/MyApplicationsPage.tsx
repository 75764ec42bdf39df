import { useState } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  listCandidateApplications,
  withdrawApplication,
  type CandidateApplication,
} from '@hireline/contract/board-candidates';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorState } from '../../components/ErrorState';
import { paginationLabel } from '../../components/pagination-label';
import { PageHeading } from '../../components/PageHeading';
import { ButtonLink, RouterLink } from '../../components/RouterLink';
import { invalidateEndpoint, useApiMutation, useApiQuery } from '../../lib/api-query';
import { formatDate } from '../../lib/format';
import { errorText } from '../../lib/forms';
import { notice } from '../../lib/notice';
import { queryClient } from '../../lib/query-client';
import { usePageTitle } from '../../lib/site';
import { APPLICATIONS_PER_PAGE } from './applications.search';
import { FeedbackDialog } from './FeedbackDialog';
import { statusColor, statusLabel } from './status';

/** `/me/applications`: the candidate's applications on this board, newest first, with withdraw and feedback. */
export function MyApplicationsPage() {
  const { t } = useTranslation();
  const search = useSearch({ from: '/me/applications' });
  const navigate = useNavigate();
  const page = search.page ?? 1;
  const list = useApiQuery(listCandidateApplications, { query: { page, per_page: APPLICATIONS_PER_PAGE } }, { keepPrevious: true });
  const [withdrawing, setWithdrawing] = useState<CandidateApplication | null>(null);
  const [withdrawError, setWithdrawError] = useState<string>();
  const [feedbackFor, setFeedbackFor] = useState<CandidateApplication | null>(null);
  const withdraw = useApiMutation(withdrawApplication);
  usePageTitle(t('applications.title'));

  async function confirmWithdraw() {
    if (!withdrawing) return;
    setWithdrawError(undefined);
    try {
      await withdraw.mutateAsync({ params: { uuid: withdrawing.id } });
      await invalidateEndpoint(queryClient, listCandidateApplications);
      notice.show(t('applications.withdrawn', { title: withdrawing.job.title }), 'success');
      setWithdrawing(null);
    } catch (error) {
      setWithdrawError(errorText(error));
    }
  }

  const total = list.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / APPLICATIONS_PER_PAGE));

  return (
    <>
      <PageHeading title={t('applications.title')} />
      {list.isError && !list.data ? (
        <ErrorState title={t('applications.loadError')} error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <Stack spacing={2} role="status" aria-label={t('common.loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={96} />
          ))}
        </Stack>
      ) : list.data.data.length === 0 ? (
        <Card>
          <CardContent sx={{ textAlign: 'center', py: 6 }}>
            <Typography variant="h2" component="p" sx={{ mb: 2 }}>
              {t('applications.empty')}
            </Typography>
            <ButtonLink to="/jobs" variant="contained">
              {t('applications.searchJobs')}
            </ButtonLink>
          </CardContent>
        </Card>
      ) : (
        <Stack component="ul" spacing={2} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {list.data.data.map((application) => (
            <li key={application.id} id={`application-${application.id}`}>
              <ApplicationCard application={application} onWithdraw={setWithdrawing} onFeedback={setFeedbackFor} />
            </li>
          ))}
        </Stack>
      )}
      {pages > 1 && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
          <Pagination
            aria-label={t('applications.pagination')}
            count={pages}
            page={page}
            color="primary"
            onChange={(_, next) => void navigate({ to: '/me/applications', search: next > 1 ? { page: next } : {} })}
            getItemAriaLabel={paginationLabel(t)}
          />
        </Box>
      )}
      <ConfirmDialog
        open={Boolean(withdrawing)}
        title={t('applications.withdrawTitle')}
        body={t('applications.withdrawBody', { title: withdrawing?.job.title ?? '' })}
        confirmLabel={t('applications.withdraw')}
        color="error"
        irreversible
        pending={withdraw.isPending}
        error={withdrawError}
        onCancel={() => {
          setWithdrawing(null);
          setWithdrawError(undefined);
        }}
        onConfirm={() => void confirmWithdraw()}
      />
      <FeedbackDialog application={feedbackFor} onClose={() => setFeedbackFor(null)} />
    </>
  );
}

function ApplicationCard({
  application,
  onWithdraw,
  onFeedback,
}: {
  application: CandidateApplication;
  onWithdraw: (a: CandidateApplication) => void;
  onFeedback: (a: CandidateApplication) => void;
}) {
  const { t, i18n } = useTranslation();
  const { job } = application;
  return (
    <Card component="article" aria-label={job.title}>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h3" component="h2" sx={{ fontSize: '1.125rem' }}>
              {job.live ? (
                <RouterLink to="/jobs/$id" params={{ id: job.id }} underline="hover">
                  {job.title}
                </RouterLink>
              ) : (
                job.title
              )}
            </Typography>
            <Typography color="text.secondary">{job.employer_name}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {t('applications.appliedOn', { date: formatDate(application.applied_at, i18n.language) })}
              {!job.live && ` · ${t('applications.jobClosed')}`}
            </Typography>
          </Box>
          <Stack spacing={1} sx={{ alignItems: { xs: 'flex-start', sm: 'flex-end' } }}>
            <Chip label={statusLabel(application.status, i18n.language)} color={statusColor(application.status)} size="small" />
            <Stack direction="row" spacing={1}>
              <Button size="small" variant="outlined" onClick={() => onFeedback(application)}>
                {application.feedback ? t('applications.editFeedback') : t('applications.giveFeedback')}
              </Button>
              {application.can_withdraw && (
                <Button size="small" color="error" variant="outlined" onClick={() => onWithdraw(application)}>
                  {t('applications.withdraw')}
                </Button>
              )}
            </Stack>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
