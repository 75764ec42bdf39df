import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import type { UseFormSetError } from 'react-hook-form';
import { useNavigate, useSearch } from '@tanstack/react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { messages } from '@hireline/contract/messages';
import { PasswordInput } from '../../components/form/PasswordInput';
import { PlainTextField } from '../../components/form/PlainTextField';
import { RouterLink } from '../../components/RouterLink';
import { isApiError, request } from '../../lib/api-client';
import { safeRedirectPath, signIn } from '../../lib/auth';
import { brandText, useBranding } from '../../lib/branding';
import { applyServerErrors, bodySchema } from '../../lib/forms';
import { translateMessage } from '../../lib/messages';
import { MFA_SETUP_PATH } from '../../lib/mfa-setup';
import { AuthCard } from './AuthCard';
import { SsoButtons, ssoErrorText } from './SsoButtons';

// Stack's column with spacing 2.5 (its own rules), without Stack's code in the page's first download.
const COLUMN = {
  display: 'flex',
  flexDirection: 'column',
  '& > :not(style):not(style)': { margin: 0 },
  '& > :not(style) ~ :not(style)': { marginTop: 2.5 },
} as const;

// Shown only when something went wrong: MUI's Alert (and its icons) comes then, not with the page (vite.config.ts).
const Alert = lazy(() => import('@mui/material/Alert'));
// Only people with two-step sign-in on need the second step: it stays out of the login page's first download.
const LoginMfaStep = lazy(() => import('./LoginMfaStep').then((m) => ({ default: m.LoginMfaStep })));

type Field = 'email' | 'password';
type Values = Record<Field, string>;
const FIELDS: Field[] = ['email', 'password'];

/**
 * The sign-in endpoint and its body schema, whose messages the form shows. They come with the contract's schemas and
 * Zod, which the page's first download goes without: fetched as soon as the form is edited, awaited on submit.
 */
async function importSignIn() {
  // With the alert that shows a refused sign-in, so it is there when the answer is.
  const [{ login }] = await Promise.all([import('@hireline/contract/auth'), import('@mui/material/Alert')]);
  return { login, schema: bodySchema(login) };
}
type SignIn = Awaited<ReturnType<typeof importSignIn>>;
let signInLoaded: SignIn | undefined;
let signInLoading: Promise<SignIn> | null = null;

function loadSignIn(): Promise<SignIn> {
  signInLoading ??= importSignIn().then(
    (loaded) => (signInLoaded = loaded),
    (error: unknown) => {
      signInLoading = null; // tried again on the next edit or submit
      throw error;
    },
  );
  return signInLoading;
}

/** The contract's messages for what is wrong with the values, first per field, as the other forms show them. */
function fieldErrors({ schema }: SignIn, values: Values): Partial<Record<Field, string>> {
  const result = schema.safeParse(values);
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}

export function LoginPage() {
  const { t } = useTranslation('auth');
  const branding = useBranding();
  const search = useSearch({ from: '/login' });
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string>();
  // The one form before sign-in, kept without a form library (the first download is what every visitor waits for);
  // it behaves as the others: checked on submit, then again as each field changes, server errors on their fields.
  const [values, setValues] = useState<Values>({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [checked, setChecked] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const [mfaToken, setMfaToken] = useState<string>();
  const finish = async (accessToken: string) => {
    const user = await signIn(accessToken);
    // An account requires two-step sign-in and this person has not set it up: that comes before anything else.
    await navigate({ href: user.mfa_setup_required ? MFA_SETUP_PATH : safeRedirectPath(search.to) });
  };
  const setServerError: UseFormSetError<Values> = (field, error) => setErrors((e) => ({ ...e, [field]: error.message }));

  const change = (field: Field) => (event: { target: { value: string } }) => {
    // Someone is signing in: the schema is fetched while they type (a failure is left to the submit to report).
    loadSignIn().catch(() => undefined);
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    // Checked once submitted, which waited for the schema.
    const signIn = signInLoaded;
    if (checked && signIn) setErrors((e) => ({ ...e, [field]: fieldErrors(signIn, next)[field] }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    let signIn: SignIn;
    try {
      signIn = await loadSignIn();
    } catch {
      // Offline, or a new version deployed meanwhile: the same message as a request that could not be sent.
      setFormError(translateMessage(messages.unknownError));
      return;
    }
    setChecked(true);
    const parsed = signIn.schema.safeParse(values);
    if (!parsed.success) {
      const found = fieldErrors(signIn, values);
      setErrors(found);
      inputs.current[FIELDS.find((f) => found[f])!]?.focus();
      return;
    }
    setErrors({});
    setFormError(undefined);
    setSubmitting(true);
    try {
      const answer = await request(signIn.login, { body: parsed.data });
      // Two-step sign-in on: the code is asked next, on this page.
      if ('mfa_required' in answer) setMfaToken(answer.mfa_token);
      else await finish(answer.access_token);
    } catch (error) {
      // Wrong credentials are one generic message for the whole form (never "which field was wrong").
      const answers = isApiError(error) ? [error.message, ...Object.values(error.errors).flat()] : [];
      const credentials = answers.find((m) => m === messages.invalidCredentials);
      setFormError(credentials ? translateMessage(credentials) : applyServerErrors(error, setServerError, FIELDS));
    } finally {
      setSubmitting(false);
    }
  };

  const field = (name: Field) => ({
    name,
    value: values[name],
    onChange: change(name),
    inputRef: (el: HTMLInputElement | null) => {
      inputs.current[name] = el;
    },
    error: Boolean(errors[name]),
    helperText: errors[name] ? translateMessage(errors[name]) : undefined,
  });

  return (
    <AuthCard
      title={brandText(branding, 'login', 'title') ?? t('login.title')}
      subtitle={brandText(branding, 'login', 'subtitle') ?? t('login.subtitle')}
    >
      {mfaToken ? (
        <Suspense>
          <LoginMfaStep
            mfaToken={mfaToken}
            onSignedIn={finish}
            onRestart={(reason) => {
              setMfaToken(undefined);
              setValues((v) => ({ ...v, password: '' }));
              setFormError(reason || undefined);
            }}
          />
        </Suspense>
      ) : (
        <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)}>
          <Box sx={COLUMN}>
            <Suspense>
              {formError && <Alert severity="error">{formError}</Alert>}
              {!formError && search.sso_error && <Alert severity="error">{ssoErrorText(search.sso_error)}</Alert>}
            </Suspense>
            <PlainTextField {...field('email')} label={t('email')} type="email" autoComplete="username" autoFocus />
            <PasswordInput {...field('password')} label={t('password')} autoComplete="current-password" />
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: '8px !important' }}>
              <RouterLink to="/forgot-password" variant="body2">
                {t('login.forgot')}
              </RouterLink>
            </Box>
            <Button type="submit" variant="contained" size="large" fullWidth loading={submitting}>
              {t('login.submit')}
            </Button>
          </Box>
        </Box>
      )}
      {!mfaToken && <SsoButtons redirect={safeRedirectPath(search.to)} />}
    </AuthCard>
  );
}
