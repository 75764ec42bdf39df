import { useEffect, useId, useMemo, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { adjustCredits, getBalance, listLedger, MAX_ADJUSTMENT, type CreditBalance } from '@hireline/contract/credits';
import { creditMessages } from '@hireline/contract/admin-messages';
import { messages } from '@hireline/contract/messages';
import { FormTextField } from '../../components/form/FormTextField';
import { isApiError } from '../../lib/api-client';
import { useAttemptKey } from '../../lib/attempt-key';
import { invalidateEndpoint, useApiMutation } from '../../lib/api-query';
import i18n, { loadNamespaces } from '../../lib/i18n';
import { translateError, translateFieldError, translateMessage } from '../../lib/messages';
import { useSnackbar } from '../../lib/snackbar';
import { formatNumber } from './credit-format';

// Read outside React, where nothing waits for a catalog: fetched with this module, long before a message shows.
void loadNamespaces('credits');

const amountError = { error: () => i18n.t('credits:errors.range', { min: 1, max: formatNumber(MAX_ADJUSTMENT, i18n.language) }) };
const schema = z.object({
  action: z.enum(['grant', 'revoke'], { error: messages.required }),
  amount: z
    .string()
    .trim()
    .min(1, { error: messages.required })
    .refine((v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= MAX_ADJUSTMENT, amountError),
  reason: z.string().trim().min(1, { error: messages.required }).max(500, { error: messages.maxLength(500) }),
});
/** The API's own rule (no revoking past the balance), checked as typed so it never waits for the confirmation. */
const schemaFor = (balance: number) =>
  schema.superRefine((v, ctx) => {
    if (v.action === 'revoke' && /^\d+$/.test(v.amount) && Number(v.amount) > balance)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: creditMessages.revokeOverBalance(balance) });
  });
type Values = z.output<typeof schema>;
type Adjustment = Omit<Values, 'amount'> & { amount: number };
const FIELDS = ['action', 'amount', 'reason'] as const;
const EMPTY: Values = { action: 'grant', amount: '', reason: '' };

/**
 * Staff grant credits to the employer or revoke some, always with a reason (it is kept in the ledger). Revoking asks
 * once more: it cannot be undone except by a new grant. A 422 (e.g. revoking more than the balance) lands on its field.
 * Sent with an Idempotency-Key per attempt, like a purchase.
 */
export function AdjustCreditsDialog({
  open,
  balance,
  onClose,
  onAdjusted,
}: {
  open: boolean;
  balance: CreditBalance;
  onClose: () => void;
  /** After a grant or revocation has been made (the dialog closes by itself). */
  onAdjusted?: () => void;
}) {
  const { t } = useTranslation('credits');
  const titleId = useId();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const [confirming, setConfirming] = useState<Adjustment | null>(null);
  const [formError, setFormError] = useState<string>();
  const resolver = useMemo(() => zodResolver(schemaFor(balance.balance)), [balance.balance]);
  const form = useForm<Values>({ resolver, mode: 'onChange', defaultValues: EMPTY });
  const action = useController({ control: form.control, name: 'action' });
  const { reset } = form;
  // A grant retried after an unclear failure (the same values, the same key) moves credits once.
  const attempt = useAttemptKey();
  useEffect(() => {
    if (!open) return;
    reset(EMPTY);
    setConfirming(null);
    setFormError(undefined);
  }, [open, reset]);

  const adjust = useApiMutation(adjustCredits, {
    onSuccess: (result, { body }) => {
      attempt.settled();
      const count = body.amount as number;
      snackbar.success(
        t(body.action === 'grant' ? 'adjust.granted' : 'adjust.revoked', {
          count,
          formatted: formatNumber(count, i18n.language),
          balance: formatNumber(result.balance, i18n.language),
        }),
      );
      onClose();
      void invalidateEndpoint(queryClient, getBalance);
      void invalidateEndpoint(queryClient, listLedger);
      onAdjusted?.();
    },
    onError: (error) => {
      attempt.settled(error);
      setConfirming(null);
      if (!isApiError(error) || error.status !== 422) return setFormError(translateError(isApiError(error) ? error : { message: messages.unknownError }));
      let placed = false;
      for (const field of Object.keys(error.errors)) {
        const message = translateFieldError(error, field);
        if (!(FIELDS as readonly string[]).includes(field) || !message) continue;
        form.setError(field as (typeof FIELDS)[number], { type: 'server', message });
        placed = true;
      }
      if (!placed) setFormError(translateError(error));
    },
  });

  const send = (values: Adjustment) =>
    adjust.mutate({ body: values, headers: { 'Idempotency-Key': attempt.keyFor(JSON.stringify(values)) } });
  const onSubmit = form.handleSubmit((values) => {
    setFormError(undefined);
    const adjustment = { ...values, amount: Number(values.amount) };
    if (adjustment.action === 'revoke') setConfirming(adjustment);
    else send(adjustment);
  });
  const actionError = action.fieldState.error?.message;
  const count = confirming?.amount ?? 0;

  return (
    <Dialog
      open={open}
      onClose={adjust.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit } as object }}
    >
      <DialogTitle id={titleId}>{confirming ? t('adjust.confirmTitle') : t('adjust.title')}</DialogTitle>
      {confirming ? (
        <>
          <DialogContent>
            <DialogContentText>
              {t('adjust.confirmBody', { count, formatted: formatNumber(count, i18n.language), employer: balance.employer.name })}
            </DialogContentText>
            <Alert severity="warning" sx={{ mt: 2 }}>
              {t('adjust.cannotUndo')}
            </Alert>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setConfirming(null)} disabled={adjust.isPending} autoFocus>
              {t('actions.back')}
            </Button>
            <Button color="error" variant="contained" loading={adjust.isPending} onClick={() => send(confirming)}>
              {t('adjust.confirmRevoke', { count, formatted: formatNumber(count, i18n.language) })}
            </Button>
          </DialogActions>
        </>
      ) : (
        <>
          <DialogContent>
            <Stack spacing={2.5}>
              <DialogContentText>
                {t('adjust.intro', {
                  employer: balance.employer.name,
                  count: balance.balance,
                  formatted: formatNumber(balance.balance, i18n.language),
                })}
              </DialogContentText>
              {formError && (
                <Alert severity="error" role="alert">
                  {formError}
                </Alert>
              )}
              <FormControl error={Boolean(actionError)}>
                <FormLabel id={`${titleId}-action`}>{t('adjust.action')}</FormLabel>
                <RadioGroup
                  row
                  aria-labelledby={`${titleId}-action`}
                  name={action.field.name}
                  value={action.field.value}
                  onChange={(_, value) => {
                    action.field.onChange(value);
                    // The amount's rule depends on the action: say at once whether it still fits.
                    if (form.getValues('amount')) void form.trigger('amount');
                  }}
                >
                  <FormControlLabel value="grant" control={<Radio />} label={t('adjust.grant')} />
                  <FormControlLabel value="revoke" control={<Radio />} label={t('adjust.revoke')} />
                </RadioGroup>
                {actionError && <FormHelperText>{translateMessage(actionError)}</FormHelperText>}
              </FormControl>
              <FormTextField
                control={form.control}
                name="amount"
                label={t('adjust.amount')}
                required
                type="number"
                slotProps={{ htmlInput: { min: 1, max: MAX_ADJUSTMENT, step: 1, inputMode: 'numeric' } }}
                sx={{ maxWidth: 240 }}
              />
              <FormTextField
                control={form.control}
                name="reason"
                label={t('adjust.reason')}
                helperText={t('adjust.reasonHint')}
                required
                multiline
                minRows={3}
                slotProps={{ htmlInput: { maxLength: 500 } }}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={adjust.isPending}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" variant="contained" loading={adjust.isPending}>
              {t('adjust.submit')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
