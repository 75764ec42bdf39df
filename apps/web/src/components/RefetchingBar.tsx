import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';

/**
 * A thin bar along the top of a list's card while it reloads (new page, filter, refresh), over the rows that stay
 * in place. The card needs `position: relative`.
 */
export function RefetchingBar({ show }: { show: boolean }) {
  const { t } = useTranslation();
  if (!show) return null;
  return <LinearProgress aria-label={t('loading')} sx={{ position: 'absolute', top: 0, insetInline: 0, zIndex: 1 }} />;
}
