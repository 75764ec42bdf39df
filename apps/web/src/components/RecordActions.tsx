import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { ApiError } from '../lib/api-client';
import { translateError } from '../lib/messages';
import { useSnackbar } from '../lib/snackbar';

/** The buttons of what may be done to a record now, as one labelled toolbar. */
export function ActionToolbar({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box role="toolbar" aria-label={label} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {children}
    </Box>
  );
}

/**
 * What a record's actions share. `dialog` is the confirmation one of them asks with (kept while it fades out, so
 * its text does not blank; `open` says whether it shows). `done(message)` is a mutation's options: close the
 * dialog, say it worked, then `then` (leave the page) and reload. A 409 or 404 (someone acted on the record
 * meanwhile) shows its message, closes the dialog and reloads too.
 */
export function useRecordActions<K extends string>(refresh: () => Promise<unknown>) {
  const snackbar = useSnackbar();
  const [dialog, setDialog] = useState<{ kind: K; open: boolean } | null>(null);
  const close = () => setDialog((d) => d && { ...d, open: false });
  const onError = (error: ApiError) => {
    snackbar.error(translateError(error));
    if (error.status === 409 || error.status === 404) {
      close();
      void refresh();
    }
  };
  const done = (message: string, then?: () => Promise<unknown>) => ({
    onSuccess: async () => {
      close();
      snackbar.success(message);
      await then?.();
      await refresh();
    },
    onError,
  });
  return { dialog, ask: (kind: K) => setDialog({ kind, open: true }), close, onError, done };
}
