import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getApplication, getApplicationTags, listApplications, setApplicationTags, type ApplicationDetail } from '@hireline/contract/applications';
import { ErrorState } from '../../components/ErrorState';
import { SectionCard } from '../../components/SectionCard';
import { TagsEditor, useTagsEditor } from '../../components/TagsEditor';
import { invalidateEndpoint, useApiQuery } from '../../lib/api-query';
import { MAX_TAGS } from '../../lib/tags';

/** The application's tags: chips to read, or (when `allowed_actions` has `update_tags`) a field to change them, saved with PUT. */
export function TagsTab({ app }: { app: ApplicationDetail }) {
  const { t } = useTranslation('applications');
  const client = useQueryClient();
  const query = useApiQuery(getApplicationTags, { params: { uuid: app.id } });
  const editor = useTagsEditor(setApplicationTags, query.data?.tags, {
    savedMessage: t('tags.saved'),
    refresh: () => Promise.all([getApplicationTags, getApplication, listApplications].map((e) => invalidateEndpoint(client, e))),
  });
  return (
    <SectionCard title={t('tags.title')}>
      {query.isError ? (
        <ErrorState title={t('tags.loadError')} error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <TagsEditor
          editor={editor}
          editable={app.allowed_actions.includes('update_tags')}
          onSave={() => editor.save({ params: { uuid: app.id }, body: { tags: editor.value } })}
          labels={{
            field: t('tags.label'),
            hint: t('tags.hint', { max: MAX_TAGS }),
            list: t('tags.title'),
            none: t('tags.none'),
            save: t('tags.save'),
            cancel: t('actions.cancel'),
          }}
        />
      )}
    </SectionCard>
  );
}
