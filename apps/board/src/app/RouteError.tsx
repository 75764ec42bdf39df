import type { ErrorComponentProps } from '@tanstack/react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../lib/site';

/** A page that failed to render or to load its code (e.g. after a new release): say so and offer a reload. */
export function RouteError({ error }: ErrorComponentProps) {
  const { t } = useTranslation();
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
