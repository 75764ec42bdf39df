import { useState } from 'react';
import { useParams } from '@tanstack/react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { getMail } from '@hireline/contract/system';
import { ErrorState } from '../../components/ErrorState';
import { BackIcon } from '../../components/icons';
import { ButtonLink } from '../../components/RouterLink';
import { useApiQuery } from '../../lib/api-query';
import { usePageTitle } from '../../lib/page-title';
import { formatDateTime, MailStatusChip } from './MailStatusChip';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ minWidth: 160 }}>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** One stored email. The HTML runs in an iframe with an empty sandbox: no scripts, forms or same-origin access. */
export function MailMessagePage() {
  const { t, i18n } = useTranslation('mail');
  const { id } = useParams({ from: '/dev/mail/$id' });
  const [tab, setTab] = useState<'html' | 'text'>('html');
  const query = useApiQuery(getMail, { params: { id } });
  const mail = query.data;
  usePageTitle(mail?.subject ?? (query.isError ? t('loadError') : undefined));

  return (
    <Stack spacing={3}>
      <Box>
        <ButtonLink to="/dev/mail" startIcon={<BackIcon />}>
          {t('back')}
        </ButtonLink>
      </Box>
      {query.isError ? (
        <ErrorState title={t('loadError')} error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Card>
          <CardContent sx={{ p: 3 }}>
            <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
              {mail ? mail.subject : <Skeleton width="50%" />}
            </Typography>
            {mail && (
              <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, m: 0 }}>
                <Field label={t('columns.from')}>
                  <bdi>{mail.from}</bdi>
                </Field>
                <Field label={t('replyTo')}>{mail.reply_to ?? t('noReplyTo')}</Field>
                <Field label={t('columns.to')}>{mail.to}</Field>
                <Field label={t('columns.event')}>
                  <code>{mail.event}</code>
                </Field>
                <Field label={t('columns.status')}>
                  <MailStatusChip status={mail.status} />
                </Field>
                <Field label={t('created')}>{formatDateTime(mail.created_at, i18n.language)}</Field>
                <Field label={t('sent')}>{mail.sent_at ? formatDateTime(mail.sent_at, i18n.language) : t('notSent')}</Field>
              </Box>
            )}
            {mail?.links_hidden && (
              <Alert severity="info" sx={{ mt: 2 }}>
                {t('linksHidden')}
              </Alert>
            )}
          </CardContent>
          <Tabs
            value={tab}
            onChange={(_, v: 'html' | 'text') => setTab(v)}
            aria-label={t('tabs')}
            sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
          >
            <Tab value="html" label={t('html')} id="mail-tab-html" aria-controls="mail-panel-html" />
            <Tab value="text" label={t('text')} id="mail-tab-text" aria-controls="mail-panel-text" />
          </Tabs>
          <Box role="tabpanel" id={`mail-panel-${tab}`} aria-labelledby={`mail-tab-${tab}`} sx={{ p: 3 }}>
            {!mail ? (
              <Skeleton variant="rounded" height={420} />
            ) : tab === 'html' ? (
              <Box
                component="iframe"
                title={t('htmlFrameTitle')}
                sandbox=""
                srcDoc={mail.html}
                // Emails are designed for a white page whatever the portal's theme.
                sx={{ width: '100%', height: 640, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}
              />
            ) : mail.text ? (
              <Box
                component="pre"
                sx={{ m: 0, p: 2, whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontSize: 14, bgcolor: 'action.hover', borderRadius: 1 }}
              >
                {mail.text}
              </Box>
            ) : (
              <Typography color="text.secondary">{t('noText')}</Typography>
            )}
          </Box>
        </Card>
      )}
    </Stack>
  );
}
