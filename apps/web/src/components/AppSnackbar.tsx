import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar from '@mui/material/Snackbar';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { useTranslation } from 'react-i18next';
import { SNACKBAR_TIMEOUT, snackbar, useSnackbarState } from '../lib/snackbar';

/**
 * The one top-positioned snackbar (spec §2, §3): an error shows an alert icon and its capitalised type above the
 * message and stays 10 s; other types stay 5 s. MUI pauses the timer while hovered or focused.
 */
export function AppSnackbar() {
  const { t } = useTranslation();
  const state = useSnackbarState();
  const isError = state.type === 'error';
  return (
    <Snackbar
      key={state.key}
      open={state.open}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      autoHideDuration={isError ? SNACKBAR_TIMEOUT.error : SNACKBAR_TIMEOUT.default}
      onClose={(_, reason) => {
        // A click elsewhere must not dismiss a message the user may not have read yet.
        if (reason !== 'clickaway') snackbar.close();
      }}
    >
      <Alert
        severity={state.type}
        variant="filled"
        onClose={snackbar.close}
        closeText={t('close')}
        icon={isError ? <ErrorOutlineIcon fontSize="inherit" /> : false}
        sx={{ minWidth: { sm: 360 }, maxWidth: 560, alignItems: 'flex-start' }}
      >
        {isError && <AlertTitle sx={{ fontWeight: 600 }}>{t('snackbar.error')}</AlertTitle>}
        {state.message}
      </Alert>
    </Snackbar>
  );
}
