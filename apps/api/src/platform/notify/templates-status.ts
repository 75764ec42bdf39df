import type { UserLocale } from '@hireline/contract/enums';
import type { Template } from './templates';

/*
 * Built-in wording of what staff are told about applications changing status: the admins' and consultants'
 * summaries (`{{application_list}}` is HTML the code builds, one line per application) and a candidate's withdrawal.
 */

type Kind = 'application.status.admin' | 'application.status.consultant' | 'application.withdrawn';

const en: Record<Kind, Template> = {
  'application.status.admin': {
    subject: 'Applications moved to {{status_label}} on {{site_name}}',
    body: '<p>{{actor_name}} moved these applications on {{site_name}} to “{{status_label}}”:</p>{{application_list}}',
    action: 'View applications',
  },
  'application.status.consultant': {
    subject: 'Applications for your jobs moved to {{status_label}}',
    body: '<p>{{actor_name}} moved these applications for your jobs to “{{status_label}}”:</p>{{application_list}}',
    action: 'View applications',
  },
  'application.withdrawn': {
    subject: 'Application withdrawn: {{candidate_name}}',
    body: '<p>{{candidate_name}} withdrew their application for “{{job_title}}”.</p>',
    action: 'View the application',
  },
};

const fr: Record<Kind, Template> = {
  'application.status.admin': {
    subject: 'Candidatures passées à {{status_label}} sur {{site_name}}',
    body: '<p>{{actor_name}} a passé ces candidatures sur {{site_name}} à « {{status_label}} » :</p>{{application_list}}',
    action: 'Voir les candidatures',
  },
  'application.status.consultant': {
    subject: 'Candidatures à vos offres passées à {{status_label}}',
    body: '<p>{{actor_name}} a passé ces candidatures à vos offres à « {{status_label}} » :</p>{{application_list}}',
    action: 'Voir les candidatures',
  },
  'application.withdrawn': {
    subject: 'Candidature retirée : {{candidate_name}}',
    body: '<p>{{candidate_name}} a retiré sa candidature pour « {{job_title}} ».</p>',
    action: 'Voir la candidature',
  },
};

const ar: Record<Kind, Template> = {
  'application.status.admin': {
    subject: 'طلبات نُقلت إلى {{status_label}} على {{site_name}}',
    body: '<p>نقل {{actor_name}} هذه الطلبات على {{site_name}} إلى «{{status_label}}»:</p>{{application_list}}',
    action: 'عرض الطلبات',
  },
  'application.status.consultant': {
    subject: 'طلبات وظائفك نُقلت إلى {{status_label}}',
    body: '<p>نقل {{actor_name}} هذه الطلبات على وظائفك إلى «{{status_label}}»:</p>{{application_list}}',
    action: 'عرض الطلبات',
  },
  'application.withdrawn': {
    subject: 'سُحب طلب: {{candidate_name}}',
    body: '<p>سحب {{candidate_name}} طلبه لوظيفة «{{job_title}}».</p>',
    action: 'عرض الطلب',
  },
};

export const statusTemplates: Record<UserLocale, Record<Kind, Template>> = { en, fr, ar };
