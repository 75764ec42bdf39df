import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { listEmailTemplates, type EmailTemplate } from '@hireline/contract/email-templates';
import { userLocales, type UserLocale } from '@hireline/contract/enums';
import { emailKindGroups, type EmailKind } from '@hireline/contract/email-kinds';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { apiQueryKey, invalidateEndpoint, useApiQuery } from '../../lib/api-query';
import { scopeKey, useSession } from '../../lib/session';
import { EmailTemplateForm } from './EmailTemplateForm';
import { useKindText } from './email-kind-text';
import { languageName } from './email-template-text';
import { QueryGate } from './settings-form';

interface Selection {
  event: EmailKind;
  locale: UserLocale;
}
type Templates = { data: EmailTemplate[] };

/**
 * The site's wording of every email it sends: one kind and language at a time, picked above the form (kinds grouped
 * as notifications, sign-in, employers, candidates and application status). Moving to another one with unsaved
 * changes asks first.
 */
export function EmailTemplatesTab({ readOnly }: { readOnly: boolean }) {
  const { t, i18n } = useTranslation('settings');
  const kindText = useKindText();
  const queryClient = useQueryClient();
  const { scope } = useSession();
  const query = useApiQuery(listEmailTemplates, {});
  // The reader's language first: likely the one they mean to word.
  const [selection, setSelection] = useState<Selection>(() => ({
    event: 'application.created',
    locale: userLocales.find((l) => i18n.language.startsWith(l)) ?? 'en',
  }));
  const [asked, setAsked] = useState<Selection | null>(null);
  const [dirty, setDirty] = useState(false);
  // Bumped after a restore: the form starts again from the built-in text the list now has.
  const [revision, setRevision] = useState(0);

  const choose = (next: Selection) => {
    if (next.event === selection.event && next.locale === selection.locale) return;
    if (dirty) setAsked(next);
    else setSelection(next);
  };

  // The saved version is the whole answer: put in the list at once (its chips follow), no reload needed.
  const onSaved = (event: EmailKind, saved: EmailTemplate['versions'][number]) =>
    queryClient.setQueryData<Templates>(apiQueryKey(listEmailTemplates, {}, scopeKey(scope)), (old) => {
      if (!old) return old;
      const versions = (tpl: EmailTemplate) => tpl.versions.map((v) => (v.locale === saved.locale ? saved : v));
      return { data: old.data.map((tpl) => (tpl.event === event ? { ...tpl, versions: versions(tpl) } : tpl)) };
    });

  const onRestore = async () => {
    await invalidateEndpoint(queryClient, listEmailTemplates);
    setRevision((r) => r + 1);
  };

  return (
    <Stack spacing={2.5}>
      <Typography color="text.secondary">{t('emailTemplates.hint')}</Typography>
      <QueryGate query={query} errorTitle={t('emailTemplates.loadError')}>
        {({ data }) => {
          const template = data.find((tpl) => tpl.event === selection.event);
          const version = template?.versions.find((v) => v.locale === selection.locale);
          return (
            <>
              <Picker templates={data} selection={selection} onChoose={choose} />
              {template?.html_variables.map((name) => (
                <Typography key={name} variant="body2" color="text.secondary">
                  {t('emailTemplates.htmlPlaceholder', { placeholder: `{{${name}}}` })}
                </Typography>
              ))}
              {template && version && (
                <EmailTemplateForm
                  key={`${selection.event}:${selection.locale}:${revision}`}
                  template={template}
                  version={version}
                  readOnly={readOnly}
                  onDirty={setDirty}
                  onSaved={(saved) => onSaved(template.event, saved)}
                  onRestore={onRestore}
                />
              )}
            </>
          );
        }}
      </QueryGate>
      <ConfirmDialog
        open={asked !== null}
        title={t('emailTemplates.discardTitle')}
        body={t('emailTemplates.discardBody', {
          event: kindText.label(selection.event),
          language: languageName(selection.locale, i18n.language),
        })}
        confirmLabel={t('emailTemplates.discardConfirm')}
        pending={false}
        onCancel={() => setAsked(null)}
        onConfirm={() => {
          if (asked) setSelection(asked);
          setDirty(false);
          setAsked(null);
        }}
      />
    </Stack>
  );
}

/** The kind (a select grouped by what it is about; events named as on the profile's notification choices) and the language. */
function Picker(props: { templates: EmailTemplate[]; selection: Selection; onChoose: (next: Selection) => void }) {
  const { t, i18n } = useTranslation('settings');
  const kindText = useKindText();
  const id = useId();
  const { event, locale } = props.selection;
  const current = props.templates.find((tpl) => tpl.event === event);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2.5, alignItems: 'flex-start' }}>
      <TextField
        select
        label={t('emailTemplates.event')}
        value={event}
        onChange={(e) => props.onChoose({ event: e.target.value as EmailKind, locale })}
        helperText={kindText.description(event)}
        sx={{ width: { xs: '100%', sm: 360 } }}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        {emailKindGroups.map((group) => (
          <optgroup key={group} label={kindText.group(group)} data-group={group}>
            {props.templates
              .filter((tpl) => tpl.group === group)
              .map((tpl) => {
                const label = kindText.label(tpl.event);
                return (
                  <option key={tpl.event} value={tpl.event}>
                    {tpl.versions.some((v) => v.customised) ? t('emailTemplates.eventCustomised', { event: label }) : label}
                  </option>
                );
              })}
          </optgroup>
        ))}
      </TextField>
      <Box>
        <Typography id={`${id}-language`} variant="body2" color="text.secondary" sx={{ mb: 0.75 }}>
          {t('emailTemplates.language')}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={locale}
          // A pressed button pressed again reports null: the language stays.
          onChange={(_, next: UserLocale | null) => next && props.onChoose({ event, locale: next })}
          aria-labelledby={`${id}-language`}
          sx={{ flexWrap: 'wrap' }}
        >
          {userLocales.map((l) => {
            const customised = current?.versions.find((v) => v.locale === l)?.customised;
            return (
              <ToggleButton key={l} value={l} data-locale={l} sx={{ textTransform: 'none', gap: 1, px: 1.5 }}>
                {languageName(l, i18n.language, true)}
                {customised && <Chip component="span" size="small" color="primary" label={t('emailTemplates.customised')} />}
              </ToggleButton>
            );
          })}
        </ToggleButtonGroup>
      </Box>
    </Box>
  );
}
