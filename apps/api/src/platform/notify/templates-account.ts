import type { UserLocale } from '@hireline/contract/enums';
import type { Template } from './templates';

/*
 * Built-in wording of the sign-in and employer emails, per language: invitations, password resets, the two-step
 * reset notice, and what an employer registering on a board is told (received, ready, approved, declined).
 */

type Kind =
  | 'user.invited'
  | 'auth.password_reset'
  | 'user.mfa_reset'
  | 'employer.register_existing'
  | 'employer.registered'
  | 'employer.welcome'
  | 'employer.approved'
  | 'employer.declined';

const en: Record<Kind, Template> = {
  'user.invited': {
    subject: 'You are invited to {{site_name}}',
    body: '<p>{{inviter_name}} has invited you to {{scope_label}}.</p><p>Open the invitation to accept it: choose a password, or sign in if you already have one. The link expires in 7 days.</p>',
    action: 'Accept the invitation',
  },
  'auth.password_reset': {
    subject: 'Reset your password',
    body: '<p>Someone asked to reset the password of your account on {{site_name}}. If it was you, use the button below. The link works once and expires in 60 minutes.</p><p>If you did not ask for this, you can ignore this email: your password stays as it is.</p>',
    action: 'Choose a new password',
  },
  'user.mfa_reset': {
    subject: 'Two-step sign-in was reset',
    body: "<p>{{admin_name}}, an administrator of {{site_name}}, turned off two-step sign-in for your account. You can now sign in with your password alone, and set up an authenticator again from your profile's Security tab.</p><p>If you did not ask for this, tell your administrator at once.</p>",
    action: 'Sign in',
  },
  'employer.register_existing': {
    subject: 'Someone tried to register an employer on {{site_name}} with your email address',
    body: '<p>Someone asked to register an employer on {{site_name}} with this email address. You already have an account, so nothing was created and nothing was added to your account.</p><p>If it was you, sign in to the portal with this email address, or reset your password from the sign-in page if you have forgotten it. If it was not you, you can ignore this email.</p>',
    action: 'Sign in',
  },
  'employer.registered': {
    subject: 'We received your employer registration on {{site_name}}',
    body: "<p>Thank you for registering {{employer_name}} on {{site_name}}.</p><p>The site's team will review your registration and email you the outcome at this address.</p><p>Once it is approved, you can sign in to the portal with this email address and your password.</p>",
  },
  'employer.welcome': {
    subject: 'Your employer account on {{site_name}} is ready',
    body: '<p>{{employer_name}} is registered on {{site_name}}.</p><p>Sign in to the portal with this email address and your password to post your first job.</p>',
    action: 'Sign in',
  },
  'employer.approved': {
    subject: 'Your employer registration on {{site_name}} is approved',
    body: '<p>{{employer_name}} can now post jobs on {{site_name}}. Sign in to get started.</p>',
    action: 'Sign in',
  },
  'employer.declined': {
    subject: 'Your employer registration on {{site_name}}',
    body: '<p>We could not approve the registration of {{employer_name}} on {{site_name}}.</p><p>Reason: {{reason}}</p>',
  },
};

const fr: Record<Kind, Template> = {
  'user.invited': {
    subject: 'Vous êtes invité à rejoindre {{site_name}}',
    body: '<p>{{inviter_name}} vous a invité à rejoindre {{scope_label}}.</p><p>Ouvrez l’invitation pour l’accepter : choisissez un mot de passe, ou connectez-vous si vous en avez déjà un. Le lien expire dans 7 jours.</p>',
    action: 'Accepter l’invitation',
  },
  'auth.password_reset': {
    subject: 'Réinitialisez votre mot de passe',
    body: '<p>Quelqu’un a demandé à réinitialiser le mot de passe de votre compte sur {{site_name}}. Si c’était vous, utilisez le bouton ci-dessous. Le lien ne fonctionne qu’une fois et expire dans 60 minutes.</p><p>Si vous n’avez rien demandé, ignorez cet e-mail : votre mot de passe reste inchangé.</p>',
    action: 'Choisir un nouveau mot de passe',
  },
  'user.mfa_reset': {
    subject: 'La connexion en deux étapes a été réinitialisée',
    body: '<p>{{admin_name}}, administrateur de {{site_name}}, a désactivé la connexion en deux étapes de votre compte. Vous pouvez désormais vous connecter avec votre seul mot de passe, puis configurer à nouveau une application d’authentification depuis l’onglet Sécurité de votre profil.</p><p>Si vous n’avez rien demandé, prévenez immédiatement votre administrateur.</p>',
    action: 'Se connecter',
  },
  'employer.register_existing': {
    subject: 'Quelqu’un a tenté d’inscrire un employeur sur {{site_name}} avec votre adresse e-mail',
    body: '<p>Quelqu’un a demandé à inscrire un employeur sur {{site_name}} avec cette adresse e-mail. Vous avez déjà un compte : rien n’a été créé ni ajouté à votre compte.</p><p>Si c’était vous, connectez-vous au portail avec cette adresse e-mail, ou réinitialisez votre mot de passe depuis la page de connexion si vous l’avez oublié. Sinon, ignorez cet e-mail.</p>',
    action: 'Se connecter',
  },
  'employer.registered': {
    subject: 'Nous avons bien reçu votre inscription d’employeur sur {{site_name}}',
    body: '<p>Merci d’avoir inscrit {{employer_name}} sur {{site_name}}.</p><p>L’équipe du site va examiner votre inscription et vous enverra sa décision à cette adresse.</p><p>Une fois l’inscription approuvée, vous pourrez vous connecter au portail avec cette adresse e-mail et votre mot de passe.</p>',
  },
  'employer.welcome': {
    subject: 'Votre compte employeur sur {{site_name}} est prêt',
    body: '<p>{{employer_name}} est inscrit sur {{site_name}}.</p><p>Connectez-vous au portail avec cette adresse e-mail et votre mot de passe pour publier votre première offre.</p>',
    action: 'Se connecter',
  },
  'employer.approved': {
    subject: 'Votre inscription d’employeur sur {{site_name}} est approuvée',
    body: '<p>{{employer_name}} peut désormais publier des offres sur {{site_name}}. Connectez-vous pour commencer.</p>',
    action: 'Se connecter',
  },
  'employer.declined': {
    subject: 'Votre inscription d’employeur sur {{site_name}}',
    body: '<p>Nous n’avons pas pu approuver l’inscription de {{employer_name}} sur {{site_name}}.</p><p>Motif : {{reason}}</p>',
  },
};

const ar: Record<Kind, Template> = {
  'user.invited': {
    subject: 'أنت مدعو إلى {{site_name}}',
    body: '<p>دعاك {{inviter_name}} إلى {{scope_label}}.</p><p>افتح الدعوة لقبولها: اختر كلمة مرور، أو سجّل الدخول إن كانت لديك واحدة. تنتهي صلاحية الرابط خلال 7 أيام.</p>',
    action: 'قبول الدعوة',
  },
  'auth.password_reset': {
    subject: 'إعادة تعيين كلمة المرور',
    body: '<p>طلب أحدهم إعادة تعيين كلمة مرور حسابك على {{site_name}}. إن كنت أنت، فاستخدم الزر أدناه. يعمل الرابط مرة واحدة وتنتهي صلاحيته خلال 60 دقيقة.</p><p>إن لم تطلب ذلك، فتجاهل هذه الرسالة: تبقى كلمة مرورك كما هي.</p>',
    action: 'اختيار كلمة مرور جديدة',
  },
  'user.mfa_reset': {
    subject: 'أُعيد تعيين تسجيل الدخول بخطوتين',
    body: '<p>أوقف {{admin_name}}، أحد مسؤولي {{site_name}}، تسجيل الدخول بخطوتين لحسابك. يمكنك الآن تسجيل الدخول بكلمة المرور وحدها، ثم إعداد تطبيق المصادقة من جديد من تبويب الأمان في ملفك الشخصي.</p><p>إن لم تطلب ذلك، فأبلغ المسؤول فورًا.</p>',
    action: 'تسجيل الدخول',
  },
  'employer.register_existing': {
    subject: 'حاول أحدهم تسجيل صاحب عمل على {{site_name}} بعنوان بريدك الإلكتروني',
    body: '<p>طلب أحدهم تسجيل صاحب عمل على {{site_name}} بهذا العنوان. لديك حساب بالفعل، فلم يُنشأ شيء ولم يُضف شيء إلى حسابك.</p><p>إن كنت أنت، فسجّل الدخول إلى البوابة بهذا العنوان، أو أعد تعيين كلمة المرور من صفحة تسجيل الدخول إن نسيتها. وإن لم تكن أنت، فتجاهل هذه الرسالة.</p>',
    action: 'تسجيل الدخول',
  },
  'employer.registered': {
    subject: 'تلقّينا طلب تسجيلك صاحبَ عمل على {{site_name}}',
    body: '<p>شكرًا لتسجيل {{employer_name}} على {{site_name}}.</p><p>سيراجع فريق الموقع طلبك ويرسل إليك القرار على هذا العنوان.</p><p>بعد الموافقة، يمكنك تسجيل الدخول إلى البوابة بهذا العنوان وكلمة مرورك.</p>',
  },
  'employer.welcome': {
    subject: 'حساب صاحب العمل الخاص بك على {{site_name}} جاهز',
    body: '<p>سُجّل {{employer_name}} على {{site_name}}.</p><p>سجّل الدخول إلى البوابة بهذا العنوان وكلمة مرورك لتنشر وظيفتك الأولى.</p>',
    action: 'تسجيل الدخول',
  },
  'employer.approved': {
    subject: 'تمت الموافقة على تسجيلك صاحبَ عمل على {{site_name}}',
    body: '<p>يمكن لـ {{employer_name}} الآن نشر الوظائف على {{site_name}}. سجّل الدخول لتبدأ.</p>',
    action: 'تسجيل الدخول',
  },
  'employer.declined': {
    subject: 'طلب تسجيلك صاحبَ عمل على {{site_name}}',
    body: '<p>تعذّرت علينا الموافقة على تسجيل {{employer_name}} على {{site_name}}.</p><p>السبب: {{reason}}</p>',
  },
};

export const accountTemplates: Record<UserLocale, Record<Kind, Template>> = { en, fr, ar };
