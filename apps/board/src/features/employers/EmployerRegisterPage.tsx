import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { registerEmployer, registerEmployerBody } from '@hireline/contract/board-employers';
import { employerTypes } from '@hireline/contract/enums';
import { FormTextField } from '../../components/FormTextField';
import { PageHeading } from '../../components/PageHeading';
import { PasswordField } from '../../components/PasswordField';
import { useApiMutation } from '../../lib/api-query';
import { applyServerErrors } from '../../lib/forms';
import { usePageTitle } from '../../lib/site';
import { dropBlanks } from './blanks';
import { translateMessage } from '../../lib/messages';

type Output = z.output<typeof registerEmployerBody>;
interface Values {
  type: (typeof employerTypes)[number];
  business_name: string;
  registration_number: string;
  industry: string;
  website: string;
  size: string;
  phone: string;
  address: { line1: string; line2: string; city: string; region: string; postcode: string; country: string };
  about: string;
  user: { name: string; email: string; password: string };
}

const defaults: Values = {
  type: 'business',
  business_name: '',
  registration_number: '',
  industry: '',
  website: '',
  size: '',
  phone: '',
  address: { line1: '', line2: '', city: '', region: '', postcode: '', country: '' },
  about: '',
  user: { name: '', email: '', password: '' },
};

const FIELDS = [
  'type',
  'business_name',
  'registration_number',
  'industry',
  'website',
  'size',
  'phone',
  'address.line1',
  'address.line2',
  'address.city',
  'address.region',
  'address.postcode',
  'address.country',
  'about',
  'user.name',
  'user.email',
  'user.password',
];

const OPTIONAL = ['registration_number', 'industry', 'website', 'size', 'phone', 'about'] as const;

/**
 * Blank optional fields are left out rather than sent as '' (a blank website is no website, not an invalid URL), an
 * address with nothing filled in too. Required ones stay, so their blank is the contract's "required" on that field.
 */
export function registrationBody(values: Values): Record<string, unknown> {
  const body: Record<string, unknown> = { ...values, address: dropBlanks(values.address) };
  for (const key of OPTIONAL) if (!values[key].trim()) delete body[key];
  if (body.address === undefined) delete body.address;
  return body;
}

const zod = zodResolver(registerEmployerBody);
const resolver: Resolver<Values, unknown, Output> = (values, context, options) =>
  zod(registrationBody(values) as never, context, options as never) as never;

/** `/employers/register`: an employer and its first user; the API says whether it is active or awaits review. */
export function EmployerRegisterPage() {
  const { t } = useTranslation();
  const [done, setDone] = useState<{ message: string; loginUrl: string }>();
  const [formError, setFormError] = useState<string>();
  const mutation = useApiMutation(registerEmployer);
  const form = useForm<Values, unknown, Output>({ resolver, defaultValues: defaults });
  usePageTitle(t('employers.title'));

  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(undefined);
    try {
      const answer = await mutation.mutateAsync({ body });
      setDone({ message: translateMessage(answer.message), loginUrl: answer.login_url });
      window.scrollTo({ top: 0 });
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, FIELDS));
    }
  });

  if (done)
    return (
      <Box sx={{ maxWidth: 640, mx: 'auto' }}>
        <PageHeading title={t('employers.doneTitle')} />
        <Alert severity="success" role="status" sx={{ mb: 3 }}>
          {done.message}
        </Alert>
        <Button variant="contained" href={done.loginUrl}>
          {t('employers.goToPortal')}
        </Button>
      </Box>
    );

  const text = (name: Parameters<typeof FormTextField<Values>>[0]['name'], label: string, extra: object = {}) => (
    <FormTextField control={form.control} name={name} label={label} {...extra} />
  );

  return (
    <Box sx={{ maxWidth: 880, mx: 'auto' }}>
      <PageHeading title={t('employers.title')} subtitle={t('employers.subtitle')} />
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={3}>
          {formError && (
            <Alert severity="error" role="alert">
              {formError}
            </Alert>
          )}
          <Card>
            <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
              <Typography variant="h2" sx={{ mb: 2 }}>
                {t('employers.business')}
              </Typography>
              <Grid container spacing={2.5}>
                <Grid size={12}>
                  <Controller
                    control={form.control}
                    name="type"
                    render={({ field }) => (
                      <FormControl component="fieldset" required>
                        <FormLabel component="legend">{t('employers.type')}</FormLabel>
                        <RadioGroup row name={field.name} value={field.value} onChange={(e) => field.onChange(e.target.value)}>
                          {employerTypes.map((type, i) => (
                            <FormControlLabel
                              key={type}
                              value={type}
                              control={<Radio slotProps={{ input: { ref: i === 0 ? field.ref : undefined } }} />}
                              label={t(`employers.types.${type}`)}
                            />
                          ))}
                        </RadioGroup>
                      </FormControl>
                    )}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>{text('business_name', t('employers.businessName'), { required: true, autoComplete: 'organization' })}</Grid>
                <Grid size={{ xs: 12, sm: 6 }}>{text('registration_number', t('employers.registrationNumber'))}</Grid>
                <Grid size={{ xs: 12, sm: 6 }}>{text('industry', t('employers.industry'))}</Grid>
                <Grid size={{ xs: 12, sm: 6 }}>{text('size', t('employers.size'), { helperText: t('employers.sizeHint') })}</Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  {text('website', t('employers.website'), { type: 'url', autoComplete: 'url', placeholder: 'https://' })}
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>{text('phone', t('account.phone'), { type: 'tel', autoComplete: 'tel' })}</Grid>
                <Grid size={12}>{text('about', t('employers.about'), { multiline: true, minRows: 4 })}</Grid>
              </Grid>
            </CardContent>
          </Card>
          <Card>
            <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
              <Typography variant="h2" sx={{ mb: 2 }}>
                {t('employers.address')}
              </Typography>
              <Grid container spacing={2.5}>
                <Grid size={12}>{text('address.line1', t('employers.line1'), { autoComplete: 'address-line1' })}</Grid>
                <Grid size={12}>{text('address.line2', t('employers.line2'), { autoComplete: 'address-line2' })}</Grid>
                <Grid size={{ xs: 12, sm: 6 }}>{text('address.city', t('employers.city'), { autoComplete: 'address-level2' })}</Grid>
                <Grid size={{ xs: 12, sm: 6 }}>{text('address.region', t('employers.region'), { autoComplete: 'address-level1' })}</Grid>
                <Grid size={{ xs: 12, sm: 6 }}>{text('address.postcode', t('employers.postcode'), { autoComplete: 'postal-code' })}</Grid>
                <Grid size={{ xs: 12, sm: 6 }}>{text('address.country', t('employers.country'), { autoComplete: 'country-name' })}</Grid>
              </Grid>
            </CardContent>
          </Card>
          <Card>
            <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
              <Typography variant="h2" sx={{ mb: 1 }}>
                {t('employers.user')}
              </Typography>
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                {t('employers.userIntro')}
              </Typography>
              <Grid container spacing={2.5}>
                <Grid size={{ xs: 12, sm: 6 }}>{text('user.name', t('account.name'), { required: true, autoComplete: 'name' })}</Grid>
                <Grid size={{ xs: 12, sm: 6 }}>{text('user.email', t('account.email'), { required: true, type: 'email', autoComplete: 'email' })}</Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <PasswordField
                    control={form.control}
                    name="user.password"
                    label={t('account.password')}
                    autoComplete="new-password"
                    required
                    helperText={t('account.passwordRules')}
                  />
                </Grid>
              </Grid>
            </CardContent>
          </Card>
          <Button type="submit" variant="contained" size="large" loading={mutation.isPending} sx={{ alignSelf: { sm: 'flex-start' } }}>
            {t('employers.submit')}
          </Button>
        </Stack>
      </Box>
    </Box>
  );
}
