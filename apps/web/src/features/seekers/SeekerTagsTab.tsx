import { useTranslation } from 'react-i18next';
import { getSeekerTags, setSeekerTags } from '@hireline/contract/seekers';
import { ErrorState } from '../../components/ErrorState';
import { SectionCard } from '../../components/SectionCard';
import { TagsEditor, useTagsEditor } from '../../components/TagsEditor';
import { useApiQuery } from '../../lib/api-query';
import { MAX_TAGS } from '../../lib/tags';
import { useRefreshSeekers } from './use-seekers-data';

/** The seeker's tags from their own endpoint: chips to read, or (with `update_tags`) a field to change and save them. */
export function SeekerTagsTab({ seekerId, editable }: { seekerId: string; editable: boolean }) {
  const { t } = useTranslation('seekers');
  const refresh = useRefreshSeekers();
  const query = useApiQuery(getSeekerTags, { params: { uuid: seekerId } });
  const editor = useTagsEditor(setSeekerTags, query.data?.tags, { savedMessage: t('tags.saved'), refresh });
  return (
    <SectionCard title={t('tags.title')}>
      {query.isError && !editor.saved ? (
        <ErrorState title={t('tags.loadError')} error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <TagsEditor
          editor={editor}
          editable={editable}
          intro={t('tags.intro')}
          onSave={() => editor.save({ params: { uuid: seekerId }, body: { tags: editor.value } })}
          labels={{
            field: t('tags.label'),
            hint: t('tags.hint', { max: MAX_TAGS }),
            list: t('tags.title'),
            none: t('tags.none'),
            save: t('tags.save'),
            cancel: t('tags.reset'),
          }}
        />
      )}
    </SectionCard>
  );
}
