import { formatMessage, messageCatalog as m } from './message-codes';

/**
 * User-facing messages from the specification's error catalogue (§5, §8) and the design's error conventions (§4),
 * by their older names. The English lives in the message catalogue (message-codes.ts); both the API and the clients
 * use these exact strings, and the API names each by its code beside it.
 */
export const messages = {
  required: m.required,
  invalid: m.invalid,
  confirmation: m.confirmation,
  givenDataInvalid: m.given_data_invalid,
  unauthenticated: m.unauthenticated,
  unauthorized: m.unauthorized,
  notFound: m.not_found,
  unknownEnterprise: m.unknown_enterprise,
  tooManyRequests: m.rate_limited,
  invalidCredentials: m.invalid_credentials,
  insufficientCredits: m.insufficient_credits,
  sessionExpired: m.session_expired,
  unknownError: m.unknown_error,
  notAuthorizedTitle: m.not_authorized_title,
  notAuthorizedBody: m.not_authorized_body,
  imageError: m.image_error,
  unknownOAuthProvider: m.unknown_oauth_provider,
  formNotAvailable: m.form_not_available,
  noFormHandler: m.no_form_handler,
  noFormUrl: m.no_form_url,
  invalidFormUrl: m.invalid_form_url,
  // A saved URL (SSO issuer, webhook) whose host is or resolves to an address the server never connects to.
  unreachableUrl: m.unreachable_url,
  invalidFormHandler: m.invalid_form_handler,
  passwordResetSent: m.password_reset_sent,
  passwordResetInvalid: m.password_reset_invalid,
  currentPasswordIncorrect: m.current_password_incorrect,
  passwordTooWeak: m.password_too_weak,
  fileTooLarge: (mb: number) => formatMessage('file_too_large', { mb }),
  fileType: (types: string[]) => formatMessage('file_type', { types: types.join(', ') }),
  fileEmpty: m.file_empty,
  conflict: m.conflict,
  idempotencyMismatch: m.idempotency_mismatch,
  consultantEmailTaken: m['consultants.email_taken'],
  notAllowed: m.not_allowed,
  maxLength: (max: number) => formatMessage('max_length', { max }),
  minLength: (min: number) => formatMessage('min_length', { min }),
} as const;
