import { useEffect, useRef, useState } from 'react';
import { useController, useFieldArray, useForm, type Control, type Path, type Resolver } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowDownwardOutlined from '@mui/icons-material/ArrowDownwardOutlined';
import ArrowUpwardOutlined from '@mui/icons-material/ArrowUpwardOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { fieldOptionKinds, type FieldOptionKind } from '@hireline/contract/enums';
import { getFieldOptions } from '@hireline/contract/lookups';
import { listSiteFieldOptions, replaceFieldOptions, replaceFieldOptionsBody, type FieldOption } from '@hireline/contract/site-settings';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { invalidateEndpoint, useApiMutation, useApiQuery } from '../../lib/api-query';
import { useSnackbar } from '../../lib/snackbar';
import { translateMessage } from '../../lib/messages';
import { FormAlert, issuesToErrors, placeServerErrors, QueryGate, SaveBar, SettingsTextField } from './settings-form';

interface OptionValues extends FieldOption {
  /** Saved before: its value is what records store, so it is not edited (a new value is a new option). */
  saved: boolean;
}
interface Values {
  options: OptionValues[];
}
type Body = z.output<typeof replaceFieldOptionsBody>;

const MAX_OPTIONS = 200;
const OPTION_KEY = /^\d+\.(value|label|enabled)$/;

const resolver: Resolver<Values, unknown, Body> = async (values) => {
  const parsed = replaceFieldOptionsBody.safeParse(values.options.map(({ value, label, enabled }) => ({ value, label, enabled })));
  if (parsed.success) return { values: parsed.data, errors: {} };
  return {
    values: {},
    errors: issuesToErrors<Values>(parsed.error.issues, (path) => (path.length === 2 ? `options.${path.map(String).join('.')}` : undefined)),
  };
};

const valuesOf = (options: FieldOption[]): Values => ({ options: options.map((o) => ({ ...o, saved: true })) });

/** "Part time" → "part_time": a value suggested from a new option's label. */
export const valueFromLabel = (label: string) =>
  label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 100);

/**
 * The choices the site's forms offer, one kind at a time: values, labels, on/off and order. Apply types are fixed
 * behaviours of the board: they may be relabelled, reordered or turned off, not added or removed.
 */
export function FieldOptionsTab({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation('settings');
  const query = useApiQuery(listSiteFieldOptions, {});
  const [kind, setKind] = useState<FieldOptionKind>('work_type');
  const [asked, setAsked] = useState<FieldOptionKind | null>(null);
  const [dirty, setDirty] = useState(false);

  const choose = (next: FieldOptionKind) => {
    if (next === kind) return;
    if (dirty) setAsked(next);
    else setKind(next);
  };

  return (
    <Stack spacing={2.5}>
      <Typography color="text.secondary">{t('options.hint')}</Typography>
      <TextField
        select
        label={t('options.kind')}
        value={kind}
        onChange={(e) => choose(e.target.value as FieldOptionKind)}
        sx={{ maxWidth: 320 }}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        {fieldOptionKinds.map((k) => (
          <option key={k} value={k}>
            {t(`options.kinds.${k}`)}
          </option>
        ))}
      </TextField>
      <QueryGate query={query} errorTitle={t('options.loadError')}>
        {(all) => <OptionsForm key={kind} kind={kind} options={all[kind]} readOnly={readOnly} onDirty={setDirty} />}
      </QueryGate>
      <ConfirmDialog
        open={asked !== null}
        title={t('options.discardTitle')}
        body={t('options.discardBody', { kind: t(`options.kinds.${kind}`) })}
        confirmLabel={t('options.discardConfirm')}
        pending={false}
        onCancel={() => setAsked(null)}
        onConfirm={() => {
          if (asked) setKind(asked);
          setDirty(false);
          setAsked(null);
        }}
      />
    </Stack>
  );
}

function OptionsForm(props: { kind: FieldOptionKind; options: FieldOption[]; readOnly: boolean; onDirty: (dirty: boolean) => void }) {
  const { kind, readOnly, onDirty } = props;
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const notify = useSnackbar();
  const [formError, setFormError] = useState<string>();
  const form = useForm<Values, unknown, Body>({ resolver, defaultValues: valuesOf(props.options) });
  const { fields, move, append, remove } = useFieldArray({ control: form.control, name: 'options', keyName: 'key' });
  const save = useApiMutation(replaceFieldOptions);
  const fixed = kind === 'apply_type';
  const { isDirty } = form.formState;
  useEffect(() => onDirty(isDirty), [isDirty, onDirty]);

  const buttons = useRef(new Map<string, HTMLButtonElement | null>());
  const [focus, setFocus] = useState<{ key: string; dir: 'up' | 'down' } | null>(null);
  useEffect(() => {
    if (!focus) return;
    const same = buttons.current.get(`${focus.key}:${focus.dir}`);
    const other = buttons.current.get(`${focus.key}:${focus.dir === 'up' ? 'down' : 'up'}`);
    (same && !same.disabled ? same : other)?.focus();
    setFocus(null);
  }, [focus, fields]);
  const moveOption = (index: number, dir: 'up' | 'down') => {
    const to = dir === 'up' ? index - 1 : index + 1;
    const option = fields[index];
    if (!option || to < 0 || to >= fields.length) return;
    move(index, to);
    setFocus({ key: option.key, dir });
  };

  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(undefined);
    try {
      const saved = await save.mutateAsync({ params: { kind }, body });
      form.reset(valuesOf(saved));
      void invalidateEndpoint(queryClient, listSiteFieldOptions);
      // The pickers of every other screen read the enabled ones.
      void invalidateEndpoint(queryClient, getFieldOptions);
      notify.success(t('options.saved', { kind: t(`options.kinds.${kind}`) }));
    } catch (error) {
      setFormError(placeServerErrors(error, form.setError, (key) => (OPTION_KEY.test(key) ? (`options.${key}` as Path<Values>) : undefined)));
    }
  });

  const listError = form.formState.errors.root?.server?.message;
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('options.formLabel', { kind: t(`options.kinds.${kind}`) })}>
      <Stack spacing={2}>
        {fixed && <Alert severity="info">{t('options.fixed')}</Alert>}
        <FormAlert message={formError ?? (listError ? translateMessage(listError) : undefined)} />
        {fields.length === 0 && <Typography color="text.secondary">{t('options.empty')}</Typography>}
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
          {fields.map((option, index) => (
            <OptionRow
              key={option.key}
              control={form.control}
              index={index}
              count={fields.length}
              saved={option.saved}
              fixed={fixed}
              readOnly={readOnly}
              onMove={(dir) => moveOption(index, dir)}
              onRemove={() => remove(index)}
              buttonRef={(dir, el) => buttons.current.set(`${option.key}:${dir}`, el)}
              onLabelBlur={() => {
                const value = form.getValues(`options.${index}.value`);
                const label = form.getValues(`options.${index}.label`);
                if (!option.saved && !value && label) form.setValue(`options.${index}.value`, valueFromLabel(label), { shouldDirty: true });
              }}
            />
          ))}
        </Box>
        {!readOnly && !fixed && (
          <Box>
            <Button
              startIcon={<AddOutlined />}
              disabled={fields.length >= MAX_OPTIONS}
              onClick={() =>
                append({ value: '', label: '', enabled: true, saved: false }, { shouldFocus: true, focusName: `options.${fields.length}.label` })
              }
            >
              {t('options.add')}
            </Button>
          </Box>
        )}
        <SaveBar dirty={isDirty} saving={save.isPending} readOnly={readOnly} onDiscard={() => form.reset()} />
      </Stack>
    </Box>
  );
}

function OptionRow(props: {
  control: Control<Values, unknown, Body>;
  index: number;
  count: number;
  saved: boolean;
  fixed: boolean;
  readOnly: boolean;
  onMove: (dir: 'up' | 'down') => void;
  onRemove: () => void;
  buttonRef: (dir: 'up' | 'down', el: HTMLButtonElement | null) => void;
  onLabelBlur: () => void;
}) {
  const { t } = useTranslation('settings');
  const { control, index, readOnly } = props;
  const enabled = useController({ control, name: `options.${index}.enabled` });
  const label = useController({ control, name: `options.${index}.label` });
  const name = label.field.value || t('options.unnamed', { n: index + 1 });
  return (
    <Box component="li" data-option={index + 1}>
      <Box
        role="group"
        aria-label={t('options.row', { n: index + 1 })}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start', borderBottom: 1, borderColor: 'divider', pb: 1.5 }}
      >
        <SettingsTextField
          control={control}
          name={`options.${index}.value`}
          label={t('options.value')}
          required
          readOnly={readOnly || props.saved || props.fixed}
          helperText={props.saved ? undefined : t('options.valueHint')}
          size="small"
          fullWidth={false}
          sx={{ width: 220 }}
          slotProps={{ htmlInput: { maxLength: 100, dir: 'ltr', spellCheck: false } }}
        />
        <TextField
          label={t('options.label')}
          required
          name={label.field.name}
          value={label.field.value}
          onChange={label.field.onChange}
          onBlur={() => {
            label.field.onBlur();
            props.onLabelBlur();
          }}
          inputRef={label.field.ref}
          error={Boolean(label.fieldState.error)}
          helperText={label.fieldState.error?.message ? translateMessage(label.fieldState.error.message) : undefined}
          size="small"
          sx={{ width: 260 }}
          slotProps={{ input: { readOnly }, htmlInput: { maxLength: 100 } }}
        />
        <FormControlLabel
          label={t('options.enabled')}
          control={
            <Switch
              name={enabled.field.name}
              checked={Boolean(enabled.field.value)}
              onChange={(_, checked) => enabled.field.onChange(checked)}
              disabled={readOnly}
            />
          }
        />
        {!readOnly && (
          <Box sx={{ display: 'flex', marginInlineStart: 'auto' }}>
            <Tooltip title={t('options.moveUp', { name })}>
              <span>
                <IconButton
                  ref={(el) => props.buttonRef('up', el)}
                  aria-label={t('options.moveUp', { name })}
                  disabled={index === 0}
                  onClick={() => props.onMove('up')}
                >
                  <ArrowUpwardOutlined />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title={t('options.moveDown', { name })}>
              <span>
                <IconButton
                  ref={(el) => props.buttonRef('down', el)}
                  aria-label={t('options.moveDown', { name })}
                  disabled={index === props.count - 1}
                  onClick={() => props.onMove('down')}
                >
                  <ArrowDownwardOutlined />
                </IconButton>
              </span>
            </Tooltip>
            {!props.fixed && (
              <Tooltip title={t('options.remove', { name })}>
                <IconButton aria-label={t('options.remove', { name })} onClick={props.onRemove}>
                  <DeleteOutlined />
                </IconButton>
              </Tooltip>
            )}
          </Box>
        )}
      </Box>
    </Box>
  );
}
