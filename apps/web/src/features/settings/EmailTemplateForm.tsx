import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useController, useForm, type Resolver } from 'react-hook-form';
import type { Editor } from '@tiptap/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  emailTemplateBody,
  previewEmailTemplate,
  resetEmailTemplate,
  saveEmailTemplate,
  type EmailTemplate,
} from '@hireline/contract/email-templates';
import type { UserLocale } from '@hireline/contract/enums';
import { messages } from '@hireline/contract/messages';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { RichTextEditor } from '../../components/form/RichTextEditor';
import { isApiError } from '../../lib/api-client';
import { useApiMutation } from '../../lib/api-query';
import { translateError } from '../../lib/messages';
import { useKindText } from './email-kind-text';
import { useSnackbar } from '../../lib/snackbar';
import { EmailPreviewDialog, type EmailPreview } from './EmailPreviewDialog';
import { languageName, templateMessage } from './email-template-text';
import { PlaceholderChips } from './PlaceholderChips';
import { FormAlert, issuesToErrors, placeServerErrors } from './settings-form';

type Version = EmailTemplate['versions'][number];
interface Values {
  subject: string;
  body: string;
}
type Body = z.output<typeof emailTemplateBody>;

const fieldOf = (key: PropertyKey | undefined) => (key === 'subject' || key === 'body' ? key : undefined);

const resolver: Resolver<Values, unknown, Body> = async (values) => {
  const parsed = emailTemplateBody.safeParse(values);
  if (parsed.success) return { values: parsed.data, errors: {} };
  return { values: {}, errors: issuesToErrors<Values>(parsed.error.issues, (path) => fieldOf(path[0])) };
};

/**
 * One event's email in one language: subject, rich text body, the placeholders it may use, a preview from the API,
 * save, and "restore built-in text" for a customised version. Keyed by event, language and revision by its tab.
 */
export function EmailTemplateForm(props: {
  template: EmailTemplate;
  version: Version;
  readOnly: boolean;
  onDirty: (dirty: boolean) => void;
  onSaved: (version: Version) => void;
  onRestore: () => Promise<void>;
}) {
  const { template, version, readOnly, onDirty } = props;
  const { event, variables } = template;
  const locale: UserLocale = version.locale;
  const { t, i18n } = useTranslation('settings');
  const notify = useSnackbar();
  const kindText = useKindText();
  const names = { event: kindText.label(event), language: languageName(locale, i18n.language) };
  // The email's own direction: an Arabic email is written right to left, whatever the portal's language.
  const dir = locale === 'ar' ? 'rtl' : 'ltr';

  const form = useForm<Values, unknown, Body>({ resolver, defaultValues: { subject: version.subject, body: version.body } });
  const subject = useController({ control: form.control, name: 'subject' });
  const body = useController({ control: form.control, name: 'body' });
  const { isDirty } = form.formState;
  useEffect(() => onDirty(isDirty), [isDirty, onDirty]);
  const [formError, setFormError] = useState<string>();
  const [preview, setPreview] = useState<EmailPreview | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [restoring, setRestoring] = useState(false);
  const save = useApiMutation(saveEmailTemplate);
  const render = useApiMutation(previewEmailTemplate);
  const reset = useApiMutation(resetEmailTemplate);
  const params = { event, locale };

  // Where a placeholder goes: the field that had the focus last (the body until the subject is used).
  const target = useRef<'subject' | 'body'>('body');
  const subjectInput = useRef<HTMLInputElement | null>(null);
  const editor = useRef<Editor | null>(null);
  const subjectRef = subject.field.ref;
  const setSubjectInput = useCallback(
    (el: HTMLInputElement | null) => {
      subjectRef(el);
      subjectInput.current = el;
    },
    [subjectRef],
  );
  const bodyRef = body.field.ref;
  const onEditor = useCallback(
    (e: Editor) => {
      editor.current = e;
      // A body error focuses the editor, as a text field with an error is focused.
      bodyRef({ focus: () => e.commands.focus() });
    },
    [bodyRef],
  );

  const insert = (placeholder: string) => {
    const input = subjectInput.current;
    if (target.current === 'subject' && input) {
      const value = form.getValues('subject');
      const start = input.selectionStart ?? value.length;
      const end = input.selectionEnd ?? start;
      form.setValue('subject', value.slice(0, start) + placeholder + value.slice(end), { shouldDirty: true });
      // After React has written the new value: the cursor goes after the inserted placeholder.
      requestAnimationFrame(() => {
        input.focus();
        input.setSelectionRange(start + placeholder.length, start + placeholder.length);
      });
    } else editor.current?.chain().focus().insertContent(placeholder).run();
  };

  /** Back to `values`, the editor too (it only reads its content when it starts). */
  const resetTo = (values: Values) => {
    form.reset(values);
    const e = editor.current;
    if (e && (e.isEmpty ? '' : e.getHTML()) !== values.body) e.commands.setContent(values.body, { emitUpdate: false });
  };

  const place = (error: unknown) => setFormError(placeServerErrors(error, form.setError, (key) => fieldOf(key)));

  const onSave = form.handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      const saved = await save.mutateAsync({ params, body: values });
      // The API sanitises the body: the form and the editor start again from what it stored.
      resetTo({ subject: saved.subject, body: saved.body });
      props.onSaved(saved);
      notify.success(t('emailTemplates.saved', names));
    } catch (error) {
      place(error);
    }
  });

  const onPreview = form.handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      setPreview(await render.mutateAsync({ params, body: values }));
    } catch (error) {
      place(error);
    }
  });

  const restore = async () => {
    setRestoring(true);
    try {
      await reset.mutateAsync({ params });
    } catch (error) {
      // 404: nothing left to remove (restored elsewhere meanwhile); the built-in text applies either way.
      if (!isApiError(error) || error.status !== 404) {
        setRestoring(false);
        setConfirming(false);
        notify.error(translateError(isApiError(error) ? error : { message: messages.unknownError }));
        return;
      }
    }
    notify.success(t('emailTemplates.restored', names));
    // The tab reloads the templates and starts this form again from the built-in text.
    await props.onRestore();
  };

  const subjectError = subject.fieldState.error?.message;
  const bodyError = body.fieldState.error?.message;
  return (
    <Box
      component="form"
      noValidate
      // Enter in the subject (the form's only input) submits it even without a Save button: not for read-only users.
      onSubmit={readOnly ? (e: FormEvent) => e.preventDefault() : onSave}
      aria-label={t('emailTemplates.formLabel', names)}
    >
      <Stack spacing={2.5}>
        <Box>
          <Chip
            size="small"
            label={version.customised ? t('emailTemplates.customised') : t('emailTemplates.builtIn')}
            color={version.customised ? 'primary' : 'default'}
            variant={version.customised ? 'filled' : 'outlined'}
          />
        </Box>
        <FormAlert message={formError} />
        <TextField
          label={t('emailTemplates.subject')}
          required
          fullWidth
          name={subject.field.name}
          value={subject.field.value}
          onChange={subject.field.onChange}
          onBlur={subject.field.onBlur}
          onFocus={() => (target.current = 'subject')}
          inputRef={setSubjectInput}
          error={Boolean(subjectError)}
          helperText={subjectError ? templateMessage(subjectError) : undefined}
          slotProps={{ input: { readOnly }, htmlInput: { maxLength: 200, dir, lang: locale } }}
        />
        <RichTextEditor
          id="email-template-body"
          label={t('emailTemplates.body')}
          value={version.body}
          onChange={body.field.onChange}
          onBlur={body.field.onBlur}
          onFocus={() => (target.current = 'body')}
          onEditor={onEditor}
          dir={dir}
          readOnly={readOnly}
          error={bodyError ? templateMessage(bodyError) : undefined}
          helperText={t('emailTemplates.bodyHint')}
        />
        <PlaceholderChips names={variables} readOnly={readOnly} onInsert={insert} />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, pt: 1 }}>
          {!readOnly && (
            <>
              <Button type="submit" variant="contained" disabled={!isDirty} loading={save.isPending}>
                {t('save')}
              </Button>
              <Button onClick={() => resetTo(form.formState.defaultValues as Values)} disabled={!isDirty || save.isPending}>
                {t('discard')}
              </Button>
            </>
          )}
          <Button variant="outlined" startIcon={<VisibilityOutlined />} onClick={() => void onPreview()} loading={render.isPending}>
            {t('emailTemplates.preview')}
          </Button>
          {!readOnly && version.customised && (
            <Button color="error" onClick={() => setConfirming(true)} sx={{ marginInlineStart: { sm: 'auto' } }}>
              {t('emailTemplates.restore')}
            </Button>
          )}
        </Box>
      </Stack>
      <EmailPreviewDialog
        preview={preview}
        title={t('emailTemplates.previewTitle', names)}
        dir={dir}
        onClose={() => setPreview(null)}
      />
      <ConfirmDialog
        open={confirming}
        title={t('emailTemplates.restoreTitle')}
        body={t('emailTemplates.restoreBody', names)}
        confirmLabel={t('emailTemplates.restoreConfirm')}
        color="error"
        irreversible
        pending={restoring}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void restore()}
      />
    </Box>
  );
}
