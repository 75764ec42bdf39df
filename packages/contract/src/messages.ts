/**
 * User-facing messages from the specification's error catalogue (§5, §8) and
 * the design's error conventions (§4). Both the API and the portal use these
 * exact strings; clients may match on them.
 */
export const messages = {
  required: 'This field is required.',
  invalid: 'This value is invalid.',
  confirmation: 'The confirmation field does not match.',
  givenDataInvalid: 'The given data was invalid.',
  unauthenticated: 'Unauthenticated.',
  unauthorized: 'This action is unauthorized.',
  notFound: 'Not found.',
  unknownEnterprise: 'Unknown enterprise.',
  tooManyRequests: 'Too many requests. Please try again later.',
  invalidCredentials: 'These credentials do not match our records.',
  insufficientCredits:
    "You don't have enough credits to post this job. Please purchase more credits to continue.",
  sessionExpired: 'Your session has expired.',
  unknownError: 'Unknown error.',
  notAuthorizedTitle: 'You are not authorized!',
  notAuthorizedBody: "You don't have permission to access this page.",
  imageError: 'Image error.',
  unknownOAuthProvider: 'Unknown OAuth provider.',
  formNotAvailable: 'Form not available.',
  noFormHandler: 'No form handler set.',
  noFormUrl: 'No form URL set.',
  invalidFormUrl: 'Invalid form URL.',
  // A saved URL (SSO issuer, webhook) whose host is or resolves to an address the server never connects to.
  unreachableUrl: 'This URL points to a local or private network address, which this server does not connect to.',
  invalidFormHandler: 'Invalid form handler.',
  passwordResetSent: 'If an account exists for that email, we have sent a link to reset the password.',
  passwordResetInvalid: 'This password reset link is invalid or has expired.',
  currentPasswordIncorrect: 'The current password is incorrect.',
  passwordTooWeak: 'The password must be at least 10 characters and contain a letter and a number.',
  fileTooLarge: (mb: number) => `The file may not be greater than ${mb} MB.`,
  fileType: (types: string[]) => `The file must be a file of type: ${types.join(', ')}.`,
  fileEmpty: 'The file is empty.',
  conflict: 'This action is not allowed in the current state.',
  idempotencyMismatch: 'This Idempotency-Key was already used with a different request.',
  consultantEmailTaken: 'A consultant with this email address already exists.',
} as const;
