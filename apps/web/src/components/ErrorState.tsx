import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api-client';
import { translateError } from '../lib/messages';

/** A failed load: what went wrong (the API's message when it has one) and a way to try again. */
export function ErrorState({ title, error, onRetry }: { title: string; error?: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const detail = isApiError(error) ? translateError(error) : undefined;
  return (
    <Alert
      severity="error"
      action={
        onRetry && (
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('retry')}
          </Button>
        )
      }
    >
      {title}
      {detail && detail !== title ? ` ${detail}` : ''}
    </Alert>
  );
}
