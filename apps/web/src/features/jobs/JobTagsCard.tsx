import { useTranslation } from 'react-i18next';
import { setJobTags } from '@hireline/contract/jobs';
import type { JobDetail } from '@hireline/contract/job-model';
import { SectionCard } from '../../components/SectionCard';
import { TagsEditor, useTagsEditor } from '../../components/TagsEditor';
import { MAX_TAGS } from '../../lib/tags';
import { useRefreshJobs } from './use-bulk-jobs';

/** The job's tags: chips to read, or (when the job may be edited) a field to change them, saved with setJobTags. */
export function JobTagsCard({ job }: { job: JobDetail }) {
  const { t } = useTranslation('jobs');
  const refresh = useRefreshJobs();
  const editor = useTagsEditor(setJobTags, job.tags, { savedMessage: t('detail.tags.saved'), refresh });
  return (
    <SectionCard title={t('detail.sections.tags')}>
      <TagsEditor
        editor={editor}
        editable={job.allowed_actions.includes('edit')}
        onSave={() => editor.save({ params: { uuid: job.id }, body: { tags: editor.value } })}
        labels={{
          field: t('detail.tags.label'),
          hint: t('detail.tags.hint', { max: MAX_TAGS }),
          list: t('detail.sections.tags'),
          none: t('detail.tags.none'),
          save: t('detail.tags.save'),
          cancel: t('actions.cancel'),
        }}
      />
    </SectionCard>
  );
}
