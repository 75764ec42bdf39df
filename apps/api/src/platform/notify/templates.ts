import type { EmailKind } from '@hireline/contract/email-kinds';
import type { NotificationEvent } from '@hireline/contract/notification-events';
import { userLocales, type UserLocale } from '@hireline/contract/enums';
import { accountTemplates } from './templates-account';
import { candidateTemplates } from './templates-candidate';
import { statusTemplates } from './templates-status';

/**
 * The built-in wording of every email, per language: the notification events here, the other kinds in the
 * templates-*.ts files by group. A site may override subject and body per kind and language (email_templates); the
 * action label and the footer stay ours. Bodies are the same small HTML the rich
 * text editor produces; `{{name}}` placeholders are replaced with escaped values when rendering.
 */
export interface Template {
  subject: string;
  body: string;
  /** The button's label; a kind without one has no button. */
  action?: string;
}

type Catalogue = Record<NotificationEvent, Template>;

const en: Catalogue = {
  'application.created': {
    subject: 'New application for {{job_title}}',
    body: '<p>{{candidate_name}} applied for “{{job_title}}”.</p>',
    action: 'View the application',
  },
  'application.knocked_out': {
    subject: 'Application screened out: {{job_title}}',
    body: '<p>{{candidate_name}} applied for “{{job_title}}” and gave a knock-out answer to a screening question, so the application was marked Unsuccessful.</p>',
    action: 'View the application',
  },
  'job.pending': {
    subject: 'Job awaiting approval: {{job_title}}',
    body: '<p>{{employer_name}} posted “{{job_title}}”. It goes live on the job board once it is approved.</p>',
    action: 'Review the job',
  },
  'job.approved': {
    subject: 'Job approved: {{job_title}}',
    body: '<p>Good news: your job “{{job_title}}” was approved and is now live on the job board.</p>',
    action: 'View the job',
  },
  'job.rejected': {
    subject: 'Job rejected: {{job_title}}',
    body: '<p>Your job “{{job_title}}” was not approved.</p><p>Reason: {{reason}}</p><p>The credit spent on posting it has been returned to your balance. You can clone the job, make the changes and post it again.</p>',
    action: 'View the job',
  },
  'job.flagged': {
    subject: 'Job reported: {{job_title}}',
    body: '<p>Someone reported “{{job_title}}” on the job board.</p><p>Reason: {{reason}}</p>',
    action: 'Review the report',
  },
  'job.expiring': {
    subject: 'Job expiring soon: {{job_title}}',
    body: '<p>Your job “{{job_title}}” stops being advertised on {{end_date}}. Extend it or post it again to keep receiving applications.</p>',
    action: 'View the job',
  },
  'job.expired': {
    subject: 'Job expired: {{job_title}}',
    body: '<p>Your job “{{job_title}}” reached the end of its advert period and is no longer on the job board.</p>',
    action: 'View the job',
  },
  'employer.pending': {
    subject: 'Employer registration to review: {{employer_name}}',
    body: '<p>{{employer_name}} registered as an employer and is waiting for approval.</p>',
    action: 'Review the registration',
  },
  'credit.purchased': {
    subject: 'Credits purchased: {{quantity}}',
    body: '<p>{{quantity}} credits were added to the balance of {{employer_name}}. The balance is now {{balance}} credits.</p>',
    action: 'View credits',
  },
  'credit.low_balance': {
    subject: 'Low credit balance: {{balance}} left',
    body: '<p>{{employer_name}} has {{balance}} credits left. Buy credits to keep posting jobs without interruption.</p>',
    action: 'Buy credits',
  },
  'invitation.accepted': {
    subject: '{{invitee_name}} accepted your invitation',
    body: '<p>{{invitee_name}} ({{invitee_email}}) accepted your invitation and can now sign in.</p>',
    action: 'View users',
  },
};

const fr: Catalogue = {
  'application.created': {
    subject: 'Nouvelle candidature pour {{job_title}}',
    body: '<p>{{candidate_name}} a postulé à « {{job_title}} ».</p>',
    action: 'Voir la candidature',
  },
  'application.knocked_out': {
    subject: 'Candidature écartée : {{job_title}}',
    body: '<p>{{candidate_name}} a postulé à « {{job_title}} » et a donné une réponse éliminatoire à une question de présélection : la candidature a été marquée Non retenue.</p>',
    action: 'Voir la candidature',
  },
  'job.pending': {
    subject: 'Offre en attente d’approbation : {{job_title}}',
    body: '<p>{{employer_name}} a publié « {{job_title}} ». L’offre sera en ligne sur le site d’emploi une fois approuvée.</p>',
    action: 'Examiner l’offre',
  },
  'job.approved': {
    subject: 'Offre approuvée : {{job_title}}',
    body: '<p>Bonne nouvelle : votre offre « {{job_title}} » a été approuvée et est maintenant en ligne sur le site d’emploi.</p>',
    action: 'Voir l’offre',
  },
  'job.rejected': {
    subject: 'Offre refusée : {{job_title}}',
    body: '<p>Votre offre « {{job_title}} » n’a pas été approuvée.</p><p>Motif : {{reason}}</p><p>Le crédit utilisé pour la publier a été recrédité sur votre solde. Vous pouvez dupliquer l’offre, la modifier et la publier à nouveau.</p>',
    action: 'Voir l’offre',
  },
  'job.flagged': {
    subject: 'Offre signalée : {{job_title}}',
    body: '<p>Quelqu’un a signalé « {{job_title}} » sur le site d’emploi.</p><p>Motif : {{reason}}</p>',
    action: 'Examiner le signalement',
  },
  'job.expiring': {
    subject: 'Offre bientôt expirée : {{job_title}}',
    body: '<p>Votre offre « {{job_title}} » ne sera plus diffusée à partir du {{end_date}}. Prolongez-la ou publiez-la à nouveau pour continuer à recevoir des candidatures.</p>',
    action: 'Voir l’offre',
  },
  'job.expired': {
    subject: 'Offre expirée : {{job_title}}',
    body: '<p>Votre offre « {{job_title}} » a atteint la fin de sa période de diffusion et n’est plus sur le site d’emploi.</p>',
    action: 'Voir l’offre',
  },
  'employer.pending': {
    subject: 'Inscription d’employeur à examiner : {{employer_name}}',
    body: '<p>{{employer_name}} s’est inscrit comme employeur et attend une approbation.</p>',
    action: 'Examiner l’inscription',
  },
  'credit.purchased': {
    subject: 'Crédits achetés : {{quantity}}',
    body: '<p>{{quantity}} crédits ont été ajoutés au solde de {{employer_name}}. Le solde est maintenant de {{balance}} crédits.</p>',
    action: 'Voir les crédits',
  },
  'credit.low_balance': {
    subject: 'Solde de crédits faible : il en reste {{balance}}',
    body: '<p>Il reste {{balance}} crédits à {{employer_name}}. Achetez des crédits pour continuer à publier des offres sans interruption.</p>',
    action: 'Acheter des crédits',
  },
  'invitation.accepted': {
    subject: '{{invitee_name}} a accepté votre invitation',
    body: '<p>{{invitee_name}} ({{invitee_email}}) a accepté votre invitation et peut maintenant se connecter.</p>',
    action: 'Voir les utilisateurs',
  },
};

const ar: Catalogue = {
  'application.created': {
    subject: 'طلب توظيف جديد لوظيفة {{job_title}}',
    body: '<p>تقدّم {{candidate_name}} لوظيفة «{{job_title}}».</p>',
    action: 'عرض الطلب',
  },
  'application.knocked_out': {
    subject: 'طلب مستبعد: {{job_title}}',
    body: '<p>تقدّم {{candidate_name}} لوظيفة «{{job_title}}» وأجاب إجابة مستبعِدة عن أحد أسئلة الفرز، فصُنّف الطلب غير ناجح.</p>',
    action: 'عرض الطلب',
  },
  'job.pending': {
    subject: 'وظيفة بانتظار الموافقة: {{job_title}}',
    body: '<p>نشر {{employer_name}} وظيفة «{{job_title}}». ستظهر على لوحة الوظائف بعد الموافقة عليها.</p>',
    action: 'مراجعة الوظيفة',
  },
  'job.approved': {
    subject: 'تمت الموافقة على الوظيفة: {{job_title}}',
    body: '<p>خبر سار: تمت الموافقة على وظيفتك «{{job_title}}» وهي الآن منشورة على لوحة الوظائف.</p>',
    action: 'عرض الوظيفة',
  },
  'job.rejected': {
    subject: 'رُفضت الوظيفة: {{job_title}}',
    body: '<p>لم تتم الموافقة على وظيفتك «{{job_title}}».</p><p>السبب: {{reason}}</p><p>أُعيد الرصيد المستخدم في نشرها إلى حسابك. يمكنك نسخ الوظيفة وتعديلها ونشرها من جديد.</p>',
    action: 'عرض الوظيفة',
  },
  'job.flagged': {
    subject: 'بلاغ عن وظيفة: {{job_title}}',
    body: '<p>أبلغ أحدهم عن وظيفة «{{job_title}}» على لوحة الوظائف.</p><p>السبب: {{reason}}</p>',
    action: 'مراجعة البلاغ',
  },
  'job.expiring': {
    subject: 'وظيفة تنتهي قريبًا: {{job_title}}',
    body: '<p>يتوقف الإعلان عن وظيفتك «{{job_title}}» في {{end_date}}. مدّد الإعلان أو انشره من جديد لتستمر في تلقي الطلبات.</p>',
    action: 'عرض الوظيفة',
  },
  'job.expired': {
    subject: 'انتهت الوظيفة: {{job_title}}',
    body: '<p>بلغت وظيفتك «{{job_title}}» نهاية مدة إعلانها ولم تعد على لوحة الوظائف.</p>',
    action: 'عرض الوظيفة',
  },
  'employer.pending': {
    subject: 'تسجيل صاحب عمل بانتظار المراجعة: {{employer_name}}',
    body: '<p>سجّل {{employer_name}} بصفته صاحب عمل وهو بانتظار الموافقة.</p>',
    action: 'مراجعة التسجيل',
  },
  'credit.purchased': {
    subject: 'شراء أرصدة: {{quantity}}',
    body: '<p>أُضيف {{quantity}} رصيدًا إلى حساب {{employer_name}}. الرصيد الآن {{balance}}.</p>',
    action: 'عرض الأرصدة',
  },
  'credit.low_balance': {
    subject: 'رصيد منخفض: تبقّى {{balance}}',
    body: '<p>تبقّى لدى {{employer_name}} {{balance}} من الأرصدة. اشترِ أرصدة لتواصل نشر الوظائف دون انقطاع.</p>',
    action: 'شراء أرصدة',
  },
  'invitation.accepted': {
    subject: 'قبل {{invitee_name}} دعوتك',
    body: '<p>قبل {{invitee_name}} ({{invitee_email}}) دعوتك ويمكنه الآن تسجيل الدخول.</p>',
    action: 'عرض المستخدمين',
  },
};

const notificationTemplates: Record<UserLocale, Catalogue> = { en, fr, ar };

export const defaultTemplates = Object.fromEntries(
  userLocales.map((l) => [l, { ...notificationTemplates[l], ...accountTemplates[l], ...candidateTemplates[l], ...statusTemplates[l] }]),
) as Record<UserLocale, Record<EmailKind, Template>>;

/** The words around every email, per language. */
export const chrome: Record<UserLocale, { greeting: string; footer: string; sentBy: string; preferences: string }> = {
  en: {
    greeting: 'Hello {{recipient_name}},',
    footer: 'You receive this email because of your notification settings on {{site_name}}.',
    sentBy: 'This email was sent to you by {{site_name}}.',
    preferences: 'Choose which emails you receive',
  },
  fr: {
    greeting: 'Bonjour {{recipient_name}},',
    footer: 'Vous recevez cet e-mail en raison de vos préférences de notification sur {{site_name}}.',
    sentBy: 'Cet e-mail vous a été envoyé par {{site_name}}.',
    preferences: 'Choisir les e-mails que vous recevez',
  },
  ar: {
    greeting: 'مرحبًا {{recipient_name}}،',
    footer: 'تصلك هذه الرسالة بحسب إعدادات الإشعارات لديك على {{site_name}}.',
    sentBy: 'أرسل إليك {{site_name}} هذه الرسالة.',
    preferences: 'اختر الرسائل التي تصلك',
  },
};
