import { useEffect, useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { keepFocusInPage } from '../../components/keep-focus';

export interface EmailPreview {
  subject: string;
  html: string;
  text: string;
}

/**
 * The email as the API renders it (sample values, the site's branding), its subject, and its plain-text version.
 * The HTML runs in an iframe with an empty sandbox: no scripts, forms, navigation or same-origin access.
 */
export function EmailPreviewDialog(props: { preview: EmailPreview | null; title: string; dir: 'ltr' | 'rtl'; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation();
  const id = useId();
  const [view, setView] = useState<'html' | 'text'>('html');
  // Kept while the dialog fades out, so its content does not vanish before it does.
  const [shown, setShown] = useState(props.preview);
  useEffect(() => {
    if (props.preview) setShown(props.preview);
  }, [props.preview]);

  return (
    <Dialog
      open={props.preview !== null}
      onClose={props.onClose}
      aria-labelledby={`${id}-title`}
      maxWidth="md"
      fullWidth
      slotProps={{ transition: { onExited: keepFocusInPage, onEnter: () => setView('html') } }}
    >
      <DialogTitle id={`${id}-title`}>{props.title}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('emailTemplates.previewHint')}
        </Typography>
        <Typography sx={{ mb: 1 }}>
          <Box component="span" sx={{ fontWeight: 600 }}>
            {t('emailTemplates.subject')}
          </Box>
          {': '}
          <Box component="bdi" dir={props.dir} data-preview-subject>
            {shown?.subject}
          </Box>
        </Typography>
        <Tabs value={view} onChange={(_, v: 'html' | 'text') => setView(v)} aria-label={t('emailTemplates.previewVersions')} sx={{ mb: 2 }}>
          <Tab value="html" label={t('emailTemplates.previewFormatted')} id={`${id}-tab-html`} aria-controls={`${id}-panel-html`} />
          <Tab value="text" label={t('emailTemplates.previewText')} id={`${id}-tab-text`} aria-controls={`${id}-panel-text`} />
        </Tabs>
        <Box role="tabpanel" id={`${id}-panel-${view}`} aria-labelledby={`${id}-tab-${view}`}>
          {view === 'html' ? (
            <Box
              component="iframe"
              title={t('emailTemplates.previewFrame')}
              sandbox=""
              srcDoc={shown?.html ?? ''}
              // Emails are designed for a white page whatever the portal's theme.
              sx={{
                display: 'block',
                width: '100%',
                height: { xs: 420, sm: 560 },
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                bgcolor: '#fff',
              }}
            />
          ) : (
            <Box
              component="pre"
              dir={props.dir}
              sx={{ m: 0, p: 2, whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontSize: 14, bgcolor: 'action.hover', borderRadius: 1 }}
            >
              {shown?.text}
            </Box>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{tc('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
