import type { CandidateStatusKind } from '@hireline/contract/email-kinds';
import type { UserLocale } from '@hireline/contract/enums';
import type { Template } from './templates';

/*
 * Built-in wording of what candidates get from a board, per language: their account's emails and, per application
 * status, what the move means to them (an offer is not worded like a rejection). The status emails close with the
 * site's signature; their button leads to the candidate's applications on the board.
 */

type Kind = 'seeker.verify_email' | 'seeker.already_registered' | 'seeker.password_reset' | 'application.received' | CandidateStatusKind;

const subjects = {
  en: 'Your application for {{job_title}}: {{status_label}}',
  fr: 'Votre candidature pour {{job_title}} : {{status_label}}',
  ar: 'طلبك لوظيفة {{job_title}}: {{status_label}}',
};
const signature = {
  en: '<p>Kind regards,<br>The {{site_name}} team</p>',
  fr: '<p>Cordialement,<br>L’équipe {{site_name}}</p>',
  ar: '<p>مع أطيب التحيات،<br>فريق {{site_name}}</p>',
};
const viewApplications = { en: 'View my applications', fr: 'Voir mes candidatures', ar: 'عرض طلباتي' };

function status(locale: UserLocale, bodies: Record<CandidateStatusKind, string>): Record<CandidateStatusKind, Template> {
  const entries = Object.entries(bodies).map(([k, text]) => [
    k,
    { subject: subjects[locale], body: `<p>${text}</p>${signature[locale]}`, action: viewApplications[locale] },
  ]);
  return Object.fromEntries(entries) as Record<CandidateStatusKind, Template>;
}

const en: Record<Kind, Template> = {
  'seeker.verify_email': {
    subject: 'Confirm your email address for {{site_name}}',
    body: '<p>Please confirm your email address to finish setting up your account on {{site_name}}.</p><p>The link works once and expires in 24 hours.</p><p>If you did not register, you can ignore this email.</p>',
    action: 'Confirm my email address',
  },
  'seeker.already_registered': {
    subject: 'You already have an account on {{site_name}}',
    body: '<p>Someone, probably you, tried to register on {{site_name}} with this email address, but you already have an account.</p><p>Sign in with your password, or choose “Forgot password” on the sign-in page to set a new one.</p><p>If it was not you, you can ignore this email: nothing has changed.</p>',
    action: 'Sign in',
  },
  'seeker.password_reset': {
    subject: 'Reset your password for {{site_name}}',
    body: '<p>Someone asked to reset the password of your account on {{site_name}}. If it was you, use the button below.</p><p>The link works once and expires in 60 minutes.</p><p>If you did not ask for this, you can ignore this email: your password stays as it is.</p>',
    action: 'Choose a new password',
  },
  'application.received': {
    subject: 'We received your application for {{job_title}}',
    body: `<p>Thank you for applying for “{{job_title}}” at {{employer_name}} on {{site_name}}. Your application has reached the recruitment team.</p><p>You can follow it, or withdraw it, from your applications on the board.</p>${signature.en}`,
    action: viewApplications.en,
  },
  ...status('en', {
    'application.status.applied': 'Thank you for applying for “{{job_title}}”. We have received your application and will be in touch.',
    'application.status.registered': 'Your application for “{{job_title}}” has been registered. We will let you know about the next steps.',
    'application.status.new': 'Your application for “{{job_title}}” is now with our recruitment team, who will review it shortly.',
    'application.status.invited': 'We would like to invite you to take the next step for “{{job_title}}”. We will contact you shortly with the details.',
    'application.status.screening': 'Your application for “{{job_title}}” is being reviewed by our team. Thank you for your patience.',
    'application.status.shortlisted': 'Good news: you have been shortlisted for “{{job_title}}”. We will be in touch about the next steps.',
    'application.status.interviewed': 'Thank you for interviewing for “{{job_title}}” and for the time you spent with us. We will let you know the outcome as soon as we can.',
    'application.status.offered': 'Congratulations! We are delighted to offer you the role of “{{job_title}}”. We will be in touch with the details.',
    'application.status.unsuccessful': 'Thank you for your interest in “{{job_title}}”. After careful consideration, we will not be taking your application further on this occasion. We wish you every success in your search.',
    'application.status.withdrawn': 'Your application for “{{job_title}}” has been withdrawn.',
  }),
};

const fr: Record<Kind, Template> = {
  'seeker.verify_email': {
    subject: 'Confirmez votre adresse e-mail pour {{site_name}}',
    body: '<p>Merci de confirmer votre adresse e-mail pour terminer la création de votre compte sur {{site_name}}.</p><p>Le lien ne fonctionne qu’une fois et expire dans 24 heures.</p><p>Si vous ne vous êtes pas inscrit, ignorez cet e-mail.</p>',
    action: 'Confirmer mon adresse e-mail',
  },
  'seeker.already_registered': {
    subject: 'Vous avez déjà un compte sur {{site_name}}',
    body: '<p>Quelqu’un, sans doute vous, a tenté de s’inscrire sur {{site_name}} avec cette adresse e-mail, mais vous avez déjà un compte.</p><p>Connectez-vous avec votre mot de passe, ou choisissez « Mot de passe oublié » sur la page de connexion pour en définir un nouveau.</p><p>Si ce n’était pas vous, ignorez cet e-mail : rien n’a changé.</p>',
    action: 'Se connecter',
  },
  'seeker.password_reset': {
    subject: 'Réinitialisez votre mot de passe pour {{site_name}}',
    body: '<p>Quelqu’un a demandé à réinitialiser le mot de passe de votre compte sur {{site_name}}. Si c’était vous, utilisez le bouton ci-dessous.</p><p>Le lien ne fonctionne qu’une fois et expire dans 60 minutes.</p><p>Si vous n’avez rien demandé, ignorez cet e-mail : votre mot de passe reste inchangé.</p>',
    action: 'Choisir un nouveau mot de passe',
  },
  'application.received': {
    subject: 'Nous avons reçu votre candidature pour {{job_title}}',
    body: `<p>Merci d’avoir postulé à « {{job_title}} » chez {{employer_name}} sur {{site_name}}. Votre candidature est parvenue à l’équipe de recrutement.</p><p>Vous pouvez la suivre, ou la retirer, depuis vos candidatures sur le site.</p>${signature.fr}`,
    action: viewApplications.fr,
  },
  ...status('fr', {
    'application.status.applied': 'Merci d’avoir postulé à « {{job_title}} ». Nous avons bien reçu votre candidature et reviendrons vers vous.',
    'application.status.registered': 'Votre candidature pour « {{job_title}} » a été enregistrée. Nous vous tiendrons informé des prochaines étapes.',
    'application.status.new': 'Votre candidature pour « {{job_title}} » est entre les mains de notre équipe de recrutement, qui l’examinera très bientôt.',
    'application.status.invited': 'Nous souhaitons vous inviter à passer à l’étape suivante pour « {{job_title}} ». Nous vous contacterons très bientôt avec les détails.',
    'application.status.screening': 'Votre candidature pour « {{job_title}} » est en cours d’examen par notre équipe. Merci de votre patience.',
    'application.status.shortlisted': 'Bonne nouvelle : vous faites partie de la présélection pour « {{job_title}} ». Nous reviendrons vers vous pour la suite.',
    'application.status.interviewed': 'Merci pour votre entretien pour « {{job_title}} » et pour le temps que vous nous avez consacré. Nous vous communiquerons notre décision dès que possible.',
    'application.status.offered': 'Félicitations ! Nous avons le plaisir de vous proposer le poste « {{job_title}} ». Nous reviendrons vers vous avec les détails.',
    'application.status.unsuccessful': 'Merci de l’intérêt que vous portez à « {{job_title}} ». Après un examen attentif, nous ne donnerons pas suite à votre candidature cette fois-ci. Nous vous souhaitons pleine réussite dans vos recherches.',
    'application.status.withdrawn': 'Votre candidature pour « {{job_title}} » a été retirée.',
  }),
};

const ar: Record<Kind, Template> = {
  'seeker.verify_email': {
    subject: 'أكّد عنوان بريدك الإلكتروني لدى {{site_name}}',
    body: '<p>يُرجى تأكيد عنوان بريدك الإلكتروني لإكمال إعداد حسابك على {{site_name}}.</p><p>يعمل الرابط مرة واحدة وتنتهي صلاحيته خلال 24 ساعة.</p><p>إن لم تسجّل، فتجاهل هذه الرسالة.</p>',
    action: 'تأكيد عنوان بريدي الإلكتروني',
  },
  'seeker.already_registered': {
    subject: 'لديك حساب بالفعل على {{site_name}}',
    body: '<p>حاول أحدهم، وربما أنت، التسجيل على {{site_name}} بهذا العنوان، لكن لديك حسابًا بالفعل.</p><p>سجّل الدخول بكلمة مرورك، أو اختر «نسيت كلمة المرور» في صفحة تسجيل الدخول لتعيين كلمة جديدة.</p><p>إن لم تكن أنت، فتجاهل هذه الرسالة: لم يتغيّر شيء.</p>',
    action: 'تسجيل الدخول',
  },
  'seeker.password_reset': {
    subject: 'إعادة تعيين كلمة المرور لدى {{site_name}}',
    body: '<p>طلب أحدهم إعادة تعيين كلمة مرور حسابك على {{site_name}}. إن كنت أنت، فاستخدم الزر أدناه.</p><p>يعمل الرابط مرة واحدة وتنتهي صلاحيته خلال 60 دقيقة.</p><p>إن لم تطلب ذلك، فتجاهل هذه الرسالة: تبقى كلمة مرورك كما هي.</p>',
    action: 'اختيار كلمة مرور جديدة',
  },
  'application.received': {
    subject: 'تلقّينا طلبك لوظيفة {{job_title}}',
    body: `<p>شكرًا لتقدّمك لوظيفة «{{job_title}}» لدى {{employer_name}} على {{site_name}}. وصل طلبك إلى فريق التوظيف.</p><p>يمكنك متابعته أو سحبه من صفحة طلباتك على الموقع.</p>${signature.ar}`,
    action: viewApplications.ar,
  },
  ...status('ar', {
    'application.status.applied': 'شكرًا لتقدّمك لوظيفة «{{job_title}}». تلقّينا طلبك وسنتواصل معك.',
    'application.status.registered': 'سُجّل طلبك لوظيفة «{{job_title}}». سنُطلعك على الخطوات التالية.',
    'application.status.new': 'طلبك لوظيفة «{{job_title}}» الآن لدى فريق التوظيف، وسيراجعه قريبًا.',
    'application.status.invited': 'يسعدنا دعوتك إلى الخطوة التالية لوظيفة «{{job_title}}». سنتواصل معك قريبًا بالتفاصيل.',
    'application.status.screening': 'يراجع فريقنا طلبك لوظيفة «{{job_title}}». شكرًا لصبرك.',
    'application.status.shortlisted': 'خبر سار: أُدرجت في القائمة المختصرة لوظيفة «{{job_title}}». سنتواصل معك بشأن الخطوات التالية.',
    'application.status.interviewed': 'شكرًا لحضورك مقابلة وظيفة «{{job_title}}» وللوقت الذي أمضيته معنا. سنُبلغك بالنتيجة في أقرب وقت.',
    'application.status.offered': 'تهانينا! يسعدنا أن نعرض عليك وظيفة «{{job_title}}». سنتواصل معك بالتفاصيل.',
    'application.status.unsuccessful': 'شكرًا لاهتمامك بوظيفة «{{job_title}}». بعد دراسة متأنية، لن نمضي قدمًا في طلبك هذه المرة. نتمنى لك كل التوفيق في بحثك.',
    'application.status.withdrawn': 'سُحب طلبك لوظيفة «{{job_title}}».',
  }),
};

export const candidateTemplates: Record<UserLocale, Record<Kind, Template>> = { en, fr, ar };
