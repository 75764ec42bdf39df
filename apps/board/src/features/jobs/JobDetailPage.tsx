import { lazy, Suspense, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import { useTranslation } from 'react-i18next';
import { getBoardJob, type BoardJobDetail } from '@hireline/contract/board';
import { listCandidateApplications } from '@hireline/contract/board-candidates';
import { ErrorState } from '../../components/ErrorState';
import { ButtonLink, RouterLink } from '../../components/RouterLink';
import { visuallyHidden } from '../../components/visually-hidden';
import { useApiQuery } from '../../lib/api-query';
import { formatDate, formatPay } from '../../lib/format';
import { useJsonLd } from '../../lib/json-ld';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/site';
import { JobDescription } from './JobDescription';
import { EmployerLogo, FeaturedChip } from './JobMeta';
import { RateJob } from './RateJob';

// The report form (and the form library it brings) loads when first asked for, not with every job page.
const ReportJobDialog = lazy(() => import('./ReportJobDialog').then((m) => ({ default: m.ReportJobDialog })));

/** `/jobs/:id`: one live advert with how to apply, its JSON-LD for search engines, reporting and rating. */
export function JobDetailPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const job = useApiQuery(getBoardJob, { params: { uuid: id } });
  useJsonLd(job.data?.json_ld);
  usePageTitle(job.data?.title ?? (job.isError ? t('job.notFoundTitle') : null));

  if (job.isError && !job.data) {
    if (job.error.status === 404 || job.error.status === 422)
      return (
        <Card>
          <CardContent sx={{ py: 6, textAlign: 'center' }}>
            <Typography variant="h1" sx={{ mb: 1 }}>
              {t('job.notFoundTitle')}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {t('job.notFoundBody')}
            </Typography>
            <ButtonLink to="/jobs" variant="contained">
              {t('job.searchJobs')}
            </ButtonLink>
          </CardContent>
        </Card>
      );
    return <ErrorState title={t('job.loadError')} error={job.error} onRetry={() => void job.refetch()} />;
  }
  if (!job.data) return <DetailSkeleton />;
  return <JobDetail job={job.data} />;
}

function JobDetail({ job }: { job: BoardJobDetail }) {
  const { t, i18n } = useTranslation();
  const { token } = useSession();
  const [reporting, setReporting] = useState(false);
  const [reportAsked, setReportAsked] = useState(false);
  const pay = formatPay(job.pay, i18n.language);
  const facts: [string, ReactNode][] = [
    [t('job.location'), job.location],
    [t('job.workType'), job.work_type?.label],
    [t('job.classification'), job.classification?.label],
    [t('job.pay'), pay || null],
    [t('job.posted'), formatDate(job.published_at, i18n.language)],
    [t('job.closes'), job.expires_at ? formatDate(job.expires_at, i18n.language) : null],
    [t('job.reference'), job.reference_number],
  ];

  return (
    <Stack spacing={3}>
      <div>
        <RouterLink to="/jobs" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
          <ArrowBackIcon fontSize="small" sx={{ transform: i18n.dir() === 'rtl' ? 'scaleX(-1)' : undefined }} />
          {t('job.back')}
        </RouterLink>
      </div>
      {job.banner_url && (
        <Box
          component="img"
          src={job.banner_url}
          alt=""
          sx={{ width: '100%', aspectRatio: '4 / 1', objectFit: 'cover', borderRadius: 3, display: 'block', bgcolor: 'action.hover' }}
        />
      )}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Card component="article" aria-labelledby="job-title">
            <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
                <EmployerLogo name={job.employer.name} url={job.employer.logo_url} size={64} />
                <div>
                  <Typography variant="h1" id="job-title" tabIndex={-1} sx={{ outline: 'none', fontSize: { xs: '1.5rem', md: '2rem' } }}>
                    <bdi>{job.title}</bdi>
                  </Typography>
                  <Typography color="text.secondary">
                    {job.employer.name}
                    {job.employer.website && (
                      <>
                        {' · '}
                        <Link href={job.employer.website} target="_blank" rel="noopener noreferrer">
                          {t('job.website')}
                          <Box component="span" sx={visuallyHidden}>
                            {t('common.opensInNewTab')}
                          </Box>
                        </Link>
                      </>
                    )}
                  </Typography>
                </div>
              </Stack>
              {job.featured && (
                <Box sx={{ mb: 2 }}>
                  <FeaturedChip />
                </Box>
              )}
              {/* On phones the summary column comes after the description: apply is also offered up here. */}
              <Box sx={{ display: { md: 'none' }, mb: 2 }}>
                <ApplyButton job={job} />
              </Box>
              {job.key_selling_points.length > 0 && (
                <Box component="ul" sx={{ m: 0, mb: 2, pl: 2.5 }} aria-label={t('jobs.keySellingPoints')}>
                  {job.key_selling_points.map((point) => (
                    <Typography component="li" key={point} sx={{ fontWeight: 500 }}>
                      <bdi>{point}</bdi>
                    </Typography>
                  ))}
                </Box>
              )}
              <Divider sx={{ my: 2 }} />
              <Typography variant="h2" sx={{ ...visuallyHidden }}>
                {t('job.description')}
              </Typography>
              <JobDescription html={job.description} />
              {job.links.length > 0 && (
                <Box sx={{ mt: 3 }}>
                  <Typography variant="h2" sx={{ fontSize: '1.125rem', mb: 1 }}>
                    {t('job.links')}
                  </Typography>
                  <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                    {job.links.map((link) => (
                      <li key={link.url}>
                        <Link href={link.url} target="_blank" rel="noopener noreferrer">
                          {link.label || link.url}
                          <Box component="span" sx={visuallyHidden}>
                            {t('common.opensInNewTab')}
                          </Box>
                        </Link>
                      </li>
                    ))}
                  </Box>
                </Box>
              )}
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Stack spacing={3} sx={{ position: { md: 'sticky' }, top: { md: 16 } }}>
            <Card component="aside" aria-label={t('job.summary')}>
              <CardContent>
                <ApplyButton job={job} />
                <Box component="dl" sx={{ m: 0, mt: 2, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1 }}>
                  {facts
                    .filter(([, value]) => value)
                    .map(([label, value]) => (
                      <Box key={label} sx={{ display: 'contents' }}>
                        <Typography component="dt" color="text.secondary" variant="body2">
                          {label}
                        </Typography>
                        <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500 }}>
                          {value}
                        </Typography>
                      </Box>
                    ))}
                </Box>
              </CardContent>
            </Card>
            <Card>
              <CardContent>
                <Stack spacing={2}>
                  {token && <RateJob jobId={job.id} />}
                  <Button variant="text" color="inherit" startIcon={<FlagOutlinedIcon />} onClick={() => {
                      setReportAsked(true);
                      setReporting(true);
                    }} sx={{ alignSelf: 'flex-start' }}>
                    {t('report.open')}
                  </Button>
                </Stack>
              </CardContent>
            </Card>
          </Stack>
        </Grid>
      </Grid>
      {reportAsked && (
        <Suspense fallback={null}>
          <ReportJobDialog jobId={job.id} open={reporting} signedIn={Boolean(token)} onClose={() => setReporting(false)} />
        </Suspense>
      )}
    </Stack>
  );
}

/** Internal adverts apply here (or say when the candidate did); others send the candidate to the employer's page or mail program. */
function ApplyButton({ job }: { job: BoardJobDetail }) {
  const { t, i18n } = useTranslation();
  const { token } = useSession();
  // One application per job and candidate: asked only of a signed-in candidate, for an advert that applies here.
  const mine = useApiQuery(listCandidateApplications, { query: { job_id: job.id, per_page: 1 } }, { enabled: Boolean(token) && job.apply.type === 'internal' });
  const applied = mine.data?.data[0];
  const common = { variant: 'contained', size: 'large', fullWidth: true } as const;
  if (job.apply.type === 'url' && job.apply.url)
    return (
      <Button {...common} href={job.apply.url} target="_blank" rel="noopener noreferrer" endIcon={<OpenInNewIcon />}>
        {t('job.apply')}
        <Box component="span" sx={visuallyHidden}>
          {t('common.opensInNewTab')}
        </Box>
      </Button>
    );
  if (job.apply.type === 'email' && job.apply.email)
    return (
      <Stack spacing={1}>
        <Button {...common} href={`mailto:${job.apply.email}?subject=${encodeURIComponent(job.title)}`} startIcon={<MailOutlineIcon />}>
          {t('job.applyByEmail')}
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
          {t('job.applyEmailTo', { email: job.apply.email })}
        </Typography>
      </Stack>
    );
  if (applied)
    return (
      <Stack spacing={1} role="status">
        <Typography sx={{ display: 'flex', alignItems: 'center', gap: 1, fontWeight: 500 }}>
          <CheckCircleIcon color="success" fontSize="small" />
          {t('job.appliedOn', { date: formatDate(applied.applied_at, i18n.language) })}
        </Typography>
        <ButtonLink {...common} variant="outlined" to="/me/applications" hash={`application-${applied.id}`}>
          {t('job.viewApplication')}
        </ButtonLink>
      </Stack>
    );
  return (
    <ButtonLink {...common} to="/jobs/$id/apply" params={{ id: job.id }}>
      {t('job.apply')}
    </ButtonLink>
  );
}

function DetailSkeleton() {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-label={t('common.loading')}>
      <Skeleton width={120} />
      <Grid container spacing={3} sx={{ mt: 1 }}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Skeleton variant="rounded" height={48} width="70%" />
          <Skeleton width="40%" sx={{ mt: 1 }} />
          <Skeleton variant="rounded" height={280} sx={{ mt: 3 }} />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Skeleton variant="rounded" height={220} />
        </Grid>
      </Grid>
    </Box>
  );
}
