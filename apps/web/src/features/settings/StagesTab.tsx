import { useEffect, useRef, useState } from 'react';
import { useController, useFieldArray, useForm, useWatch, type Control, type Path, type Resolver } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowDownwardOutlined from '@mui/icons-material/ArrowDownwardOutlined';
import ArrowUpwardOutlined from '@mui/icons-material/ArrowUpwardOutlined';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { listApplicationStages, type ApplicationStage } from '@hireline/contract/applications';
import { replaceApplicationStages, replaceStagesBody, type stageInput } from '@hireline/contract/site-settings';
import { invalidateEndpoint, useApiMutation, useApiQuery } from '../../lib/api-query';
import { useSnackbar } from '../../lib/snackbar';
import { translateMessage } from '../../lib/messages';
import { ColorField } from './ColorField';
import { FormAlert, issuesToErrors, placeServerErrors, QueryGate, SaveBar, SettingsTextField } from './settings-form';

type StageValues = z.input<typeof stageInput>;
interface Values {
  stages: StageValues[];
}
type Body = z.output<typeof replaceStagesBody>;

const resolver: Resolver<Values, unknown, Body> = async (values) => {
  const parsed = replaceStagesBody.safeParse(values.stages);
  if (parsed.success) return { values: parsed.data, errors: {} };
  return {
    values: {},
    errors: issuesToErrors<Values>(parsed.error.issues, (path) => (path.length === 2 ? `stages.${path.map(String).join('.')}` : undefined)),
  };
};

const valuesOf = (stages: ApplicationStage[]): Values => ({
  stages: [...stages]
    .sort((a, b) => a.position - b.position)
    .map((s) => ({
      status: s.status,
      label: s.label,
      color: s.color,
      visible: s.visible,
      email_admin: s.email_admin,
      email_consultants: s.email_consultants,
      email_candidate: s.email_candidate,
    })),
});

const HEX = /^#[0-9a-fA-F]{6}$/;

/** A 422 on one stage's field (`3.label`). */
const STAGE_KEY = /^\d+\.(label|color|visible|email_admin|email_consultants|email_candidate|status)$/;

/**
 * The ten application statuses in the site's order, each with its label, colour, whether it is shown, and who a
 * move to it emails by default. Moved with buttons (keyboard: the focus stays on the moved stage); saved all at once.
 */
export function StagesTab({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation('settings');
  const query = useApiQuery(listApplicationStages, {});
  return (
    <QueryGate query={query} errorTitle={t('stages.loadError')}>
      {(stages) => <StagesForm stages={stages} readOnly={readOnly} />}
    </QueryGate>
  );
}

function StagesForm({ stages, readOnly }: { stages: ApplicationStage[]; readOnly: boolean }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const notify = useSnackbar();
  const [formError, setFormError] = useState<string>();
  const form = useForm<Values, unknown, Body>({ resolver, defaultValues: valuesOf(stages) });
  const { fields, move } = useFieldArray({ control: form.control, name: 'stages', keyName: 'key' });
  const save = useApiMutation(replaceApplicationStages);

  // After a move the focus follows the stage, on the same button (or the other one at either end).
  const buttons = useRef(new Map<string, HTMLButtonElement | null>());
  const [focus, setFocus] = useState<{ status: string; dir: 'up' | 'down' } | null>(null);
  useEffect(() => {
    if (!focus) return;
    const same = buttons.current.get(`${focus.status}:${focus.dir}`);
    const other = buttons.current.get(`${focus.status}:${focus.dir === 'up' ? 'down' : 'up'}`);
    (same && !same.disabled ? same : other)?.focus();
    setFocus(null);
  }, [focus, fields]);
  const moveStage = (index: number, dir: 'up' | 'down') => {
    const to = dir === 'up' ? index - 1 : index + 1;
    const stage = fields[index];
    if (!stage || to < 0 || to >= fields.length) return;
    move(index, to);
    setFocus({ status: stage.status, dir });
  };

  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(undefined);
    try {
      const saved = await save.mutateAsync({ body });
      form.reset(valuesOf(saved));
      void invalidateEndpoint(queryClient, listApplicationStages);
      notify.success(t('stages.saved'));
    } catch (error) {
      setFormError(placeServerErrors(error, form.setError, (key) => (STAGE_KEY.test(key) ? (`stages.${key}` as Path<Values>) : undefined)));
    }
  });

  const listError = form.formState.errors.root?.server?.message;
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('tabs.stages')}>
      <Stack spacing={2.5}>
        <Typography color="text.secondary">{t('stages.hint')}</Typography>
        <FormAlert message={formError ?? (listError ? translateMessage(listError) : undefined)} />
        <Box component="ol" aria-label={t('stages.listLabel')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
          {fields.map((stage, index) => (
            <StageRow
              key={stage.key}
              control={form.control}
              index={index}
              count={fields.length}
              status={stage.status}
              readOnly={readOnly}
              onMove={(dir) => moveStage(index, dir)}
              buttonRef={(dir, el) => buttons.current.set(`${stage.status}:${dir}`, el)}
            />
          ))}
        </Box>
        <SaveBar dirty={form.formState.isDirty} saving={save.isPending} readOnly={readOnly} onDiscard={() => form.reset()} />
      </Stack>
    </Box>
  );
}

function StageRow(props: {
  control: Control<Values, unknown, Body>;
  index: number;
  count: number;
  status: string;
  readOnly: boolean;
  onMove: (dir: 'up' | 'down') => void;
  buttonRef: (dir: 'up' | 'down', el: HTMLButtonElement | null) => void;
}) {
  const { t } = useTranslation('settings');
  const { control, index, readOnly } = props;
  const name = t(`stages.status.${props.status}` as never) as string;
  const headingId = `stage-${props.status}-heading`;
  const color = useWatch({ control, name: `stages.${index}.color` });
  const label = useWatch({ control, name: `stages.${index}.label` });
  return (
    <Box component="li" data-stage={props.status}>
      <Box role="group" aria-labelledby={headingId} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <Typography variant="body2" color="text.secondary" sx={{ minWidth: 24, fontVariantNumeric: 'tabular-nums' }} aria-hidden>
            {index + 1}.
          </Typography>
          <Box
            aria-hidden
            sx={{ width: 14, height: 14, borderRadius: '50%', border: 1, borderColor: 'divider', bgcolor: HEX.test(color) ? color : 'transparent' }}
          />
          <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 600, flexGrow: 1 }}>
            {name}
            {label && label !== name && (
              <Typography component="span" variant="body2" color="text.secondary">
                {' '}
                {t('stages.shownAs', { label })}
              </Typography>
            )}
          </Typography>
          {!readOnly && (
            <>
              <Tooltip title={t('stages.moveUp', { name })}>
                <span>
                  <IconButton
                    ref={(el) => props.buttonRef('up', el)}
                    aria-label={t('stages.moveUp', { name })}
                    disabled={index === 0}
                    onClick={() => props.onMove('up')}
                  >
                    <ArrowUpwardOutlined />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title={t('stages.moveDown', { name })}>
                <span>
                  <IconButton
                    ref={(el) => props.buttonRef('down', el)}
                    aria-label={t('stages.moveDown', { name })}
                    disabled={index === props.count - 1}
                    onClick={() => props.onMove('down')}
                  >
                    <ArrowDownwardOutlined />
                  </IconButton>
                </span>
              </Tooltip>
            </>
          )}
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
          <SettingsTextField
            control={control}
            name={`stages.${index}.label`}
            label={t('stages.label')}
            required
            readOnly={readOnly}
            size="small"
            fullWidth={false}
            sx={{ width: 240 }}
            slotProps={{ htmlInput: { maxLength: 40 } }}
          />
          <ColorField
            control={control}
            name={`stages.${index}.color`}
            label={t('stages.color')}
            pickerLabel={t('stages.colorPicker', { name })}
            readOnly={readOnly}
            size="small"
            width={140}
          />
          <CheckField control={control} name={`stages.${index}.visible`} label={t('stages.visible')} readOnly={readOnly} asSwitch />
        </Box>
        <Box component="fieldset" sx={{ border: 0, m: 0, p: 0 }}>
          <Typography component="legend" variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
            {t('stages.emails')}
          </Typography>
          <FormGroup row>
            <CheckField control={control} name={`stages.${index}.email_admin`} label={t('stages.emailAdmin')} readOnly={readOnly} />
            <CheckField control={control} name={`stages.${index}.email_consultants`} label={t('stages.emailConsultants')} readOnly={readOnly} />
            <CheckField control={control} name={`stages.${index}.email_candidate`} label={t('stages.emailCandidate')} readOnly={readOnly} />
          </FormGroup>
        </Box>
      </Box>
    </Box>
  );
}

function CheckField(props: { control: Control<Values, unknown, Body>; name: Path<Values>; label: string; readOnly: boolean; asSwitch?: boolean }) {
  const { field } = useController({ control: props.control, name: props.name });
  const Control = props.asSwitch ? Switch : Checkbox;
  return (
    <FormControlLabel
      label={props.label}
      control={
        <Control
          name={field.name}
          checked={Boolean(field.value)}
          onChange={(_, checked) => field.onChange(checked)}
          onBlur={field.onBlur}
          disabled={props.readOnly}
        />
      }
    />
  );
}
