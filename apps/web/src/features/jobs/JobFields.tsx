import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import type { FieldOptionKind } from '@hireline/contract/enums';
import type { JobDetail } from '@hireline/contract/job-model';
import { getFieldOptions } from '@hireline/contract/lookups';
import { RouterLink } from '../../components/RouterLink';
import { useApiQuery } from '../../lib/api-query';
import { formatMoneyRange } from './job-format';
import { formatDate, formatDateTime } from '../../lib/format';
import { FieldList, SectionCard, type Field } from '../../components/SectionCard';

/** The label the site gives a stored option value (work type, pay type…), or the value itself. */
function useOptionLabel() {
  const options = useApiQuery(getFieldOptions, {}, { staleTime: 5 * 60_000 });
  return (kind: FieldOptionKind, value: string | null) =>
    value === null ? null : (options.data?.[kind]?.find((o) => o.value === value)?.label ?? value);
}

/** What the job is: employer, people, product, pay and the classifying fields. */
export function JobDetailsCard({ job }: { job: JobDetail }) {
  const { t, i18n } = useTranslation('jobs');
  const label = useOptionLabel();
  const number = new Intl.NumberFormat(i18n.language);
  const range = (min: number | null, max: number | null) =>
    formatMoneyRange(min, max, job.currency, i18n.language, {
      from: (v) => t('detail.moneyFrom', { amount: v }),
      upTo: (v) => t('detail.moneyUpTo', { amount: v }),
    });
  const fields: Field[] = [
    [t('detail.fields.reference'), job.reference_number],
    [t('detail.fields.employer'), job.employer.name],
    [t('detail.fields.creditBalance'), t('detail.credits', { count: job.employer.credit_balance, formatted: number.format(job.employer.credit_balance) })],
    [t('detail.fields.consultant'), job.consultant?.name],
    [
      t('detail.fields.product'),
      job.product &&
        t('detail.productSummary', { name: job.product.name, days: number.format(job.product.duration_days), count: job.product.duration_days }),
    ],
    [t('detail.fields.featured'), job.featured ? t('detail.yes') : t('detail.no')],
    [t('detail.fields.workType'), label('work_type', job.work_type)],
    [t('detail.fields.payType'), label('pay_type', job.pay_type)],
    [t('detail.fields.payRange'), range(job.pay_min_cents, job.pay_max_cents)],
    [t('detail.fields.salaryRange'), range(job.salary_min_cents, job.salary_max_cents)],
    [t('detail.fields.currency'), job.currency],
    [t('detail.fields.classification'), label('classification', job.classification)],
    [t('detail.fields.location'), job.location],
  ];
  return (
    <SectionCard title={t('detail.sections.details')}>
      <FieldList fields={fields} />
    </SectionCard>
  );
}

/** How candidates apply and the advert's dates. */
export function JobAdvertCard({ job, slugs }: { job: JobDetail; slugs: { account: string; site: string } }) {
  const { t, i18n } = useTranslation('jobs');
  const date = (iso: string | null) => formatDate(iso, i18n.language) || null;
  const dateTime = (iso: string | null) => formatDateTime(iso, i18n.language) || null;
  const fields: Field[] = [
    [t('detail.fields.applyType'), t(`detail.applyType.${job.apply_type}`)],
    [
      t('detail.fields.applicationUrl'),
      job.application_url && (
        <Link href={job.application_url} target="_blank" rel="noopener noreferrer">
          {job.application_url}
        </Link>
      ),
    ],
    [
      t('detail.fields.applicationEmails'),
      job.application_emails.length > 0
        ? job.application_emails.map((email, i) => (
            <span key={email}>
              {i > 0 && ', '}
              <Link href={`mailto:${email}`}>{email}</Link>
            </span>
          ))
        : null,
    ],
    [t('detail.fields.advertStart'), date(job.advert_start_at)],
    [t('detail.fields.advertEnd'), date(job.advert_end_at)],
    [t('detail.fields.posted'), dateTime(job.posted_at)],
    [t('detail.fields.approved'), dateTime(job.approved_at)],
    [t('detail.fields.rejected'), dateTime(job.rejected_at)],
    [t('detail.fields.rejectionReason'), job.rejection_reason],
    [t('detail.fields.unlisted'), dateTime(job.unlisted_at)],
    [t('detail.fields.expired'), dateTime(job.expired_at)],
    [t('detail.fields.created'), dateTime(job.created_at)],
    [t('detail.fields.updated'), dateTime(job.updated_at)],
    [
      t('detail.fields.clonedFrom'),
      job.cloned_from_id && (
        <RouterLink to="/$account/$site/jobs/$id" params={{ ...slugs, id: job.cloned_from_id }}>
          {t('detail.clonedFromLink')}
        </RouterLink>
      ),
    ],
  ];
  return (
    <SectionCard title={t('detail.sections.advert')}>
      <FieldList fields={fields} />
    </SectionCard>
  );
}
