import { useParams } from '@tanstack/react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Lock from '@mui/icons-material/Lock';
import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import { useTranslation } from 'react-i18next';
import { cancelSandboxSession, completeSandboxSession, getSandboxSession } from '@hireline/contract/credits';
import { messages } from '@hireline/contract/messages';
import { isApiError, type ApiError } from '../../lib/api-client';
import { useApiMutation, useApiQuery } from '../../lib/api-query';
import { fullPageRedirect } from '../../lib/checkout';
import { translateError } from '../../lib/messages';
import { formatMoney } from './credit-format';

const gone = (error: unknown) => isApiError(error) && (error.status === 404 || error.status === 422);

/**
 * The built-in sandbox provider's hosted checkout (DESIGN §2): public, its session id is the capability. Paying or
 * cancelling goes through the same confirmation as a real provider, then back to the portal.
 */
export function SandboxCheckoutPage() {
  const { t, i18n } = useTranslation('credits');
  const { session } = useParams({ from: '/payments/sandbox/$session' });
  const input = { params: { session }, scoped: false };
  const query = useApiQuery(getSandboxSession, input, { retry: false });
  const onError = (error: ApiError) => {
    // Decided meanwhile (another tab): show what it is now.
    if (error.status === 409) void query.refetch();
  };
  const leave = ({ redirect_url }: { redirect_url: string }) => fullPageRedirect(redirect_url);
  const pay = useApiMutation(completeSandboxSession, { onSuccess: leave, onError });
  const cancel = useApiMutation(cancelSandboxSession, { onSuccess: leave, onError });
  const busy = pay.isPending || cancel.isPending || pay.isSuccess || cancel.isSuccess;
  const failed = pay.error ?? cancel.error;
  const s = query.data;
  const amount = s ? formatMoney(s.amount_cents, s.currency, i18n.language) : '';

  let body;
  if (gone(query.error) || gone(failed)) {
    body = (
      <Alert severity="error" role="alert">
        {t('sandbox.expired')}
      </Alert>
    );
  } else if (query.isError) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            {t('actions.retry')}
          </Button>
        }
      >
        {t('sandbox.loadError')}
      </Alert>
    );
  } else if (!s) {
    body = (
      <Box aria-busy="true" aria-label={t('sandbox.loading')}>
        <Skeleton height={32} width="60%" />
        <Skeleton height={24} />
        <Skeleton height={56} width="40%" />
      </Box>
    );
  } else {
    body = (
      <Stack spacing={3}>
        <div>
          <Typography color="text.secondary" variant="body2">
            {t('sandbox.merchant')}
          </Typography>
          <Typography sx={{ fontWeight: 600 }}>{s.merchant}</Typography>
        </div>
        <div>
          <Typography color="text.secondary" variant="body2">
            {t('sandbox.description')}
          </Typography>
          <Typography>{s.description}</Typography>
        </div>
        <Divider />
        <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2 }}>
          <Typography color="text.secondary">{t('sandbox.amount')}</Typography>
          <Typography variant="h4" component="p" sx={{ fontWeight: 700 }}>
            {amount}
          </Typography>
        </Box>
        {s.status !== 'pending' ? (
          <Alert
            severity={s.status === 'paid' ? 'success' : 'info'}
            role="status"
            action={
              <Button color="inherit" size="small" href={s.status === 'paid' ? s.success_url : s.cancel_url}>
                {t('sandbox.return')}
              </Button>
            }
          >
            {t(`sandbox.decided.${s.status}`)}
          </Alert>
        ) : (
          <>
            {failed && (
              <Alert severity="error" role="alert">
                {translateError(isApiError(failed) ? failed : { message: messages.unknownError })}
              </Alert>
            )}
            <Box sx={{ display: 'flex', flexWrap: 'wrap-reverse', justifyContent: 'flex-end', gap: 1.5 }}>
              <Button onClick={() => cancel.mutate(input)} disabled={busy} loading={cancel.isPending}>
                {t('actions.cancel')}
              </Button>
              <Button
                variant="contained"
                size="large"
                startIcon={<Lock />}
                onClick={() => pay.mutate(input)}
                disabled={busy}
                loading={pay.isPending}
              >
                {t('sandbox.pay', { amount })}
              </Button>
            </Box>
          </>
        )}
      </Stack>
    );
  }

  return (
    <Card sx={{ width: '100%', maxWidth: 480, mx: 'auto' }}>
      <CardContent sx={{ p: { xs: 3, sm: 4 }, '&:last-child': { pb: { xs: 3, sm: 4 } } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1 }}>
          <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
            {t('sandbox.title')}
          </Typography>
          <Chip size="small" color="warning" icon={<ScienceOutlined />} label={t('sandbox.badge')} />
        </Box>
        <Alert severity="warning" variant="outlined" sx={{ mb: 3 }}>
          {t('sandbox.notice')}
        </Alert>
        {body}
      </CardContent>
    </Card>
  );
}
