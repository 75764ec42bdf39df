import { useId } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import { useTranslation } from 'react-i18next';
import type { BoardJobSummary } from '@hireline/contract/board';
import { RouterLink } from '../../components/RouterLink';
import { formatDate, formatPay } from '../../lib/format';
import { EmployerLogo, FeaturedChip } from './JobMeta';

/**
 * One advert in the results. The title is the card's only link and is stretched over the whole card, so a click
 * anywhere opens the job while keyboard and screen reader users meet one link, named by the title.
 */
export function JobCard({ job }: { job: BoardJobSummary }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const pay = formatPay(job.pay, i18n.language);
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      sx={{
        position: 'relative',
        borderColor: job.featured ? 'primary.main' : undefined,
        '&:hover': { boxShadow: 2 },
        '&:focus-within': { boxShadow: 3 },
      }}
    >
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          <EmployerLogo name={job.employer.name} url={job.employer.logo_url} />
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
              <Typography variant="h3" component="h2" id={titleId} sx={{ fontSize: '1.125rem' }}>
                <RouterLink
                  to="/jobs/$id"
                  params={{ id: job.id }}
                  color="inherit"
                  underline="hover"
                  sx={{ '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: 'inherit' } }}
                >
                  <bdi>{job.title}</bdi>
                </RouterLink>
              </Typography>
              {job.featured && <FeaturedChip />}
            </Stack>
            <Typography color="text.secondary">{job.employer.name}</Typography>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
              {job.location && <Chip size="small" variant="outlined" icon={<PlaceOutlinedIcon />} label={job.location} />}
              {job.work_type && <Chip size="small" variant="outlined" label={job.work_type.label} />}
              {pay && <Chip size="small" variant="outlined" icon={<PaymentsOutlinedIcon />} label={pay} />}
            </Stack>
          </Box>
        </Stack>
        {job.summary && (
          <Typography dir="auto" sx={{ mt: 1.5, display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
            {job.summary}
          </Typography>
        )}
        {job.key_selling_points.length > 0 && (
          <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }} aria-label={t('jobs.keySellingPoints')}>
            {job.key_selling_points.map((point) => (
              <Typography component="li" key={point} variant="body2">
                <bdi>{point}</bdi>
              </Typography>
            ))}
          </Box>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {t('jobs.posted', { date: formatDate(job.published_at, i18n.language) })}
        </Typography>
      </CardContent>
    </Card>
  );
}
