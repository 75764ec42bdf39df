import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { NotifyChoice } from '@hireline/contract/applications';
import type { previewStatusChange } from '@hireline/contract/application-actions';
import type { ResponseOf } from '@hireline/contract/endpoint';
import { translateMessage } from '../../lib/messages';
import { StageChip } from './StageChip';
import { useStages } from './use-stages';

type Preview = ResponseOf<typeof previewStatusChange>;
type Recipient = Preview['recipients']['admin'][number];

const who = (r: Recipient) => (r.name ? `${r.name} <${r.email}>` : r.email);

/**
 * What the server says the change will do: how many applications move and from which statuses, which are skipped
 * and why, who is emailed (the three groups can be switched off; the parent asks again), and the candidates' email.
 */
export function StatusPreview(props: {
  preview: Preview;
  notify: NotifyChoice;
  names: Record<string, string>;
  busy: boolean;
  onNotify: (notify: NotifyChoice) => void;
}) {
  const { t, i18n } = useTranslation('applications');
  const stages = useStages();
  const { preview, notify } = props;
  const number = new Intl.NumberFormat(i18n.language);
  const to = stages.label(preview.to);
  const toggle = (key: keyof NotifyChoice) => (_: unknown, checked: boolean) => props.onNotify({ ...notify, [key]: checked });
  const list = (people: Recipient[]) =>
    people.length ? (
      <Box component="ul" sx={{ m: 0, paddingInlineStart: 4, color: 'text.secondary', typography: 'body2' }}>
        {people.map((r) => (
          <li key={r.email}>{who(r)}</li>
        ))}
      </Box>
    ) : (
      <Typography variant="body2" color="text.secondary" sx={{ paddingInlineStart: 4 }}>
        {t('statusDialog.nobody')}
      </Typography>
    );

  return (
    <Box aria-busy={props.busy} aria-live="polite" sx={{ display: 'grid', gap: 2, opacity: props.busy ? 0.6 : 1 }}>
      <Box>
        <Typography sx={{ fontWeight: 600 }}>
          {preview.changing > 0
            ? t('statusDialog.changing', { applications: t('bulk.count', { count: preview.changing }), status: to })
            : t('statusDialog.nothing')}
        </Typography>
        {preview.from.length > 0 && (
          <Box component="ul" aria-label={t('statusDialog.from')} sx={{ listStyle: 'none', m: 0, mt: 1, p: 0, display: 'grid', gap: 0.5 }}>
            {preview.from.map((f) => (
              <Box component="li" key={f.status} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <StageChip status={f.status} />
                <Typography component="span" aria-hidden>
                  {i18n.dir() === 'rtl' ? '←' : '→'}
                </Typography>
                <StageChip status={preview.to} />
                <Typography component="span" variant="body2">
                  {t('statusDialog.fromCount', { count: f.count, formatted: number.format(f.count), from: stages.label(f.status), to })}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </Box>
      {preview.skipped.length > 0 && (
        <Alert severity="warning">
          {t('statusDialog.skipped', { applications: t('bulk.count', { count: preview.skipped.length }) })}
          <Box component="ul" sx={{ m: 0, mt: 0.5, paddingInlineStart: 2.5 }}>
            {preview.skipped.map((s) => (
              <li key={s.id}>
                {t('statusDialog.skippedItem', { name: props.names[s.id] ?? t('statusDialog.unnamed'), reason: translateMessage(s.message) })}
              </li>
            ))}
          </Box>
        </Alert>
      )}
      <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
        <Typography component="legend" sx={{ fontWeight: 600, mb: 0.5, p: 0 }}>
          {t('statusDialog.recipients')}
        </Typography>
        <FormGroup>
          <FormControlLabel control={<Checkbox checked={notify.admin} onChange={toggle('admin')} />} label={t('statusDialog.notify.admin')} />
          {notify.admin ? list(preview.recipients.admin) : <NotEmailed />}
          <FormControlLabel
            control={<Checkbox checked={notify.consultants} onChange={toggle('consultants')} />}
            label={t('statusDialog.notify.consultants')}
          />
          {notify.consultants ? list(preview.recipients.consultants) : <NotEmailed />}
          <FormControlLabel
            control={<Checkbox checked={notify.candidate} onChange={toggle('candidate')} />}
            label={t('statusDialog.notify.candidate')}
          />
          <Typography variant="body2" color="text.secondary" sx={{ paddingInlineStart: 4 }}>
            {notify.candidate
              ? t('statusDialog.candidates', { count: preview.recipients.candidates, formatted: number.format(preview.recipients.candidates) })
              : t('statusDialog.notEmailed')}
          </Typography>
        </FormGroup>
      </Box>
      {notify.candidate && preview.email && (
        <Box>
          <Typography variant="subtitle2" component="p">
            {t('statusDialog.emailSubject', { subject: preview.email.subject })}
          </Typography>
          {/* The template's HTML with no rights at all: no scripts, forms, plugins or same-origin access. */}
          <Box
            component="iframe"
            title={t('statusDialog.emailFrame', { subject: preview.email.subject })}
            sandbox=""
            srcDoc={preview.email.html}
            sx={{ mt: 1, width: '100%', height: 280, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}
          />
        </Box>
      )}
    </Box>
  );
}

function NotEmailed() {
  const { t } = useTranslation('applications');
  return (
    <Typography variant="body2" color="text.secondary" sx={{ paddingInlineStart: 4 }}>
      {t('statusDialog.notEmailed')}
    </Typography>
  );
}
