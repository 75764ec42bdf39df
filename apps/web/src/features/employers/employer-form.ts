import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { createEmployerBody, type EmployerDetail } from '@hireline/contract/employers';
import type { EmployerType } from '@hireline/contract/enums';
import { translateMessage } from '../../lib/messages';

/*
 * The employer form holds what the user types (text, '' for nothing); its resolver turns that into the body the API
 * takes and checks it with the contract's own schema, so the portal says what the API would. Create and edit send
 * the same body: every field, blank ones as null.
 */

export const ADDRESS_KEYS = ['line1', 'line2', 'city', 'region', 'postcode', 'country'] as const;
type AddressKey = (typeof ADDRESS_KEYS)[number];

export interface EmployerFormValues {
  type: EmployerType;
  business_name: string;
  registration_number: string;
  industry: string;
  website: string;
  size: string;
  contact_name: string;
  contact_email: string;
  phone: string;
  address: Record<AddressKey, string>;
  about: string;
  logo_file_id: string | null;
}

export type EmployerBody = z.output<typeof createEmployerBody>;

/** Every field a 422 may name (`address.city` too), for `applyServerErrors`; one about the address as a whole goes above the buttons. */
export const FIELD_PATHS = [
  'type',
  'business_name',
  'registration_number',
  'industry',
  'website',
  'size',
  'contact_name',
  'contact_email',
  'phone',
  ...ADDRESS_KEYS.map((k) => `address.${k}` as const),
  'about',
  'logo_file_id',
] as const;

/** The form's starting values: the employer's, or an empty business. */
export function toValues(employer?: EmployerDetail): EmployerFormValues {
  const text = (v: string | null | undefined) => v ?? '';
  return {
    type: employer?.type ?? 'business',
    business_name: text(employer?.business_name),
    registration_number: text(employer?.registration_number),
    industry: text(employer?.industry),
    website: text(employer?.website),
    size: text(employer?.size),
    contact_name: text(employer?.contact_name),
    contact_email: text(employer?.contact_email),
    phone: text(employer?.phone),
    address: Object.fromEntries(ADDRESS_KEYS.map((k) => [k, text(employer?.address?.[k])])) as Record<AddressKey, string>,
    about: text(employer?.about),
    logo_file_id: employer?.logo?.id ?? null,
  };
}

const blankToNull = (v: string) => (v.trim() === '' ? null : v);

/** What the form says as the API's body (before the schema's own trimming): blank URL and email are none, an empty address is none. */
export function toBody(values: EmployerFormValues) {
  const address = ADDRESS_KEYS.some((k) => values.address[k].trim() !== '') ? values.address : null;
  return {
    ...values,
    website: blankToNull(values.website),
    contact_email: blankToNull(values.contact_email),
    address,
  };
}

/** Each error's message in the reader's language, wherever the form shows it. */
function translated(errors: FieldErrors): FieldErrors {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object' || key === 'ref' || key === 'types') out[key] = value;
    else if (typeof (value as { message?: unknown }).message === 'string')
      out[key] = { ...value, message: translateMessage((value as { message: string }).message) };
    else out[key] = translated(value as FieldErrors);
  }
  return out as FieldErrors;
}

// The schema checks the body, not the form values: the resolver's types are restated for the form.
const contract = (zodResolver as unknown as (schema: typeof createEmployerBody) => Resolver<EmployerFormValues, unknown, EmployerBody>)(
  createEmployerBody,
);

export const employerResolver: Resolver<EmployerFormValues, unknown, EmployerBody> = async (values, context, options) => {
  const result = await contract(toBody(values) as unknown as EmployerFormValues, context, options);
  return Object.keys(result.errors).length ? { values: {}, errors: translated(result.errors) as FieldErrors<EmployerFormValues> } : result;
};
