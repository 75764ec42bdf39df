import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { takeHeadingFocus, type StepContext } from './wizard-context';

/** One step: its heading (where focus lands on a step change), a form-level error, the fields and the actions. */
export function StepShell(props: {
  title: string;
  intro?: string;
  error?: string;
  onSubmit?: (e: FormEvent) => void;
  actions: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeHeadingFocus()) heading.current?.focus();
  }, []);
  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography
          id={headingId}
          ref={heading}
          tabIndex={-1}
          variant="h5"
          component="h2"
          sx={{ mb: props.intro ? 0.5 : 3, '&:focus': { outline: 'none' }, '&:focus-visible': { outline: 'auto' } }}
        >
          {props.title}
        </Typography>
        {props.intro && (
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {props.intro}
          </Typography>
        )}
        <Box component={props.onSubmit ? 'form' : 'div'} noValidate={props.onSubmit ? true : undefined} onSubmit={props.onSubmit}>
          <Stack spacing={3}>
            {props.error && (
              <Alert severity="error" role="alert">
                {props.error}
              </Alert>
            )}
            {props.children}
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, pt: 1 }}>{props.actions}</Box>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}

/** Back, Save draft (drafts only) and the step's main action, pushed to the end side. */
export function StepActions(props: {
  ctx: StepContext;
  busy: boolean;
  onSaveDraft?: () => void;
  /** The step's main button; by default "Save and continue", submitting the step's form. */
  primary?: ReactNode;
}) {
  const { t } = useTranslation('jobs');
  return (
    <>
      {props.ctx.back && (
        <Button variant="text" onClick={props.ctx.back} disabled={props.busy}>
          {t('wizard.actions.back')}
        </Button>
      )}
      <Box sx={{ flex: 1 }} />
      {props.ctx.draft && props.onSaveDraft && (
        <Button variant="outlined" onClick={props.onSaveDraft} disabled={props.busy}>
          {t('wizard.actions.saveDraft')}
        </Button>
      )}
      {props.primary ?? (
        <Button type="submit" variant="contained" loading={props.busy}>
          {t('wizard.actions.saveContinue')}
        </Button>
      )}
    </>
  );
}
