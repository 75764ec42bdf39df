import type { ErrorComponentProps } from '@tanstack/react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../lib/site';
import { useTakenOver } from '../lib/taken-over';

/** A page that failed to render or to load its code (e.g. after a new release): say so and offer a reload. */
export function RouteError({ error }: ErrorComponentProps) {
  const { t } = useTranslation();
  // A page the server rendered that fails in the browser is still taken over: what the visitor did is let go.
  useTakenOver();
  usePageTitle(t('errors.pageTitle'));
  console.error(error);
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </Button>
      }
    >
      {t('errors.page')}
    </Alert>
  );
}
