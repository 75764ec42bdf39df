/** Messages of sites and their settings, email templates, employers, employer users and credits. */
export const siteMessageCodes = {
  'sites.slug_length': 'The slug must be between 2 and 40 characters.',
  'sites.slug_format': 'The slug may only contain lowercase letters, numbers and hyphens, and must start and end with a letter or number.',
  'sites.domain': 'Enter a host name such as jobs.example.com, without https:// or a path.',
  'sites.stylesheet': 'Enter an https:// URL or the address of a stylesheet uploaded here.',
  'sites.text_key': 'Text names may only contain lowercase letters, numbers and underscores.',
  'sites.text_count': 'At most 10 texts per section.',
  'sites.slug_taken': 'Another site of this account already uses this slug.',
  'sites.domain_taken': 'This domain is already in use.',
  'sites.no_domain': 'This site has no board domain to verify.',
  'sites.domain_changed': 'The domain changed while it was being checked. Check it again.',
  'sites.domain_not_verified':
    "Neither the TXT record nor the file with this site's value was found. DNS changes can take a while to be seen; try again later.",

  'settings.color': 'Enter a colour as #RRGGBB.',
  'settings.timezone': 'Choose a time zone from the list.',
  'settings.currency': 'Enter a three-letter ISO 4217 currency code, such as USD.',
  'settings.price': 'The price must be a whole number of cents between 0 and 1,000,000.',
  'settings.stage_twice': 'This status is listed more than once.',
  'settings.stages_missing': 'Every status must be listed once; missing: {missing}.',
  'settings.option_twice': 'This value is listed more than once.',
  'settings.option_count': 'At most 200 options.',
  'settings.tier_start': 'The first range must start at 1.',
  'settings.tier_overlap': 'This range overlaps the range before it.',
  'settings.tier_open': 'Only the last range may have no maximum.',
  'settings.tier_percent': 'The discount must be a percentage between 0 and 100 with at most 2 decimals.',
  'settings.tier_count': 'At most 20 ranges.',
  'settings.duration': 'The duration must be a whole number of days between 1 and 365.',
  'settings.not_webhook': 'This form does not send to a webhook.',
  'settings.apply_type_fixed': 'The apply types are fixed: {values}.',

  'email_templates.subject_too_long': 'The subject may not be longer than 200 characters.',
  'email_templates.body_too_long': 'The body may not be longer than 20,000 characters.',
  // `placeholder` and `allowed` are given with their braces (`{{job_title}}`), as the template's author types them.
  'email_templates.unknown_placeholder': 'Unknown placeholder {placeholder}. This email can use: {allowed}.',

  'employers.has_credits': 'This employer has credit history, which must be kept. Disable it instead.',
  'employers.not_on_hold': 'Only a registration on hold can be approved or rejected.',
  'employers.already_enabled': 'This employer is already enabled.',
  'employers.already_disabled': 'This employer is already disabled.',
  'employers.not_own_employer': 'You cannot disable the employer you work for. Ask the site’s team if it should be disabled.',
  'employers.name_taken': 'Another employer of this site already has this name.',
  'employers.registration_pending':
    'Thank you for registering. The site’s team will review your registration and email you the outcome.',
  'employers.registration_active': 'Your employer account is ready. Sign in to the portal to post your first job.',
  'employers.email_taken': 'An account with this email address already exists. Sign in to the portal instead.',

  'employer_users.already_member': 'This person already has access to this employer.',
  'employer_users.not_yourself': 'You cannot change or remove your own access.',

  'credits.quantity_whole': 'The quantity must be a whole number.',
  'credits.quantity_min': 'The quantity must be at least 1.',
  // `max` as written in English (`10,000`); read back as a number.
  'credits.quantity_max': 'The quantity may not be greater than {max}.',
  'credits.revoke_over_balance_one': 'The employer has only {balance} credit to revoke.',
  'credits.revoke_over_balance': 'The employer has only {balance} credits to revoke.',
} as const satisfies Record<string, string>;
