import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Endpoint } from '@hireline/contract/endpoint';
import type { RequestInput } from '../lib/api-client';
import { useApiMutation } from '../lib/api-query';
import { translateError } from '../lib/messages';
import { useSnackbar } from '../lib/snackbar';
import { cleanTags, MAX_TAGS, tagsRefusalText } from '../lib/tags';
import { TagsInput } from './TagsInput';

export interface TagsEditorState {
  /** Undefined while they load. */
  saved: string[] | undefined;
  /** What the field shows: the draft, or the saved tags. */
  value: string[];
  dirty: boolean;
  change: (tags: string[]) => void;
  /** Why the last change left a typed tag out (too long, or the list full), translated; a tag never vanishes unsaid. */
  refusal: string | undefined;
  reset: () => void;
  saving: boolean;
}

/**
 * A record's tags being edited: the saved ones (undefined while they load), the draft over them, and the save
 * through `endpoint` (a PUT of the whole list), which says it worked and reloads what shows the tags.
 */
export function useTagsEditor<E extends Endpoint>(
  endpoint: E,
  saved: string[] | undefined,
  options: { savedMessage: string; refresh: () => Promise<unknown> },
): TagsEditorState & { save: (input: RequestInput<E>) => void } {
  const snackbar = useSnackbar();
  const [draft, setDraft] = useState<string[] | null>(null);
  const [refusal, setRefusal] = useState<string | undefined>();
  const mutation = useApiMutation(endpoint, {
    onSuccess: () => {
      setDraft(null);
      snackbar.success(options.savedMessage);
      return options.refresh();
    },
    onError: (error) => snackbar.error(translateError(error)),
  });
  return {
    saved,
    value: draft ?? saved ?? [],
    dirty: draft !== null && draft.join('\n') !== (saved ?? []).join('\n'),
    change: (tags: string[]) => {
      setRefusal(tagsRefusalText(tags, MAX_TAGS));
      setDraft(cleanTags(tags, MAX_TAGS));
    },
    refusal,
    reset: () => {
      setRefusal(undefined);
      setDraft(null);
    },
    save: (input: RequestInput<E>) => mutation.mutate(input),
    saving: mutation.isPending,
  };
}

/**
 * Tags as chips to read or, when `editable`, a field to change them with Save and Cancel once changed. With an
 * `intro` it is a form instead: Enter in the empty field saves (MUI keeps Enter with a typed tag for adding the
 * chip), and its buttons stay in place, disabled until something changed.
 */
export function TagsEditor(props: {
  editor: TagsEditorState;
  editable: boolean;
  onSave: () => void;
  labels: { field: string; hint: string; list: string; none: string; save: string; cancel: string };
  intro?: string;
}) {
  const { editor, labels } = props;
  if (!editor.saved) return <Skeleton height={56} />;
  if (!props.editable)
    return editor.value.length ? (
      <Box
        component="ul"
        aria-label={labels.list}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, m: 0, p: 0, listStyle: 'none' }}
      >
        {editor.value.map((tag) => (
          <li key={tag}>
            <Chip size="small" label={tag} />
          </li>
        ))}
      </Box>
    ) : (
      <Typography color="text.secondary">{labels.none}</Typography>
    );

  const field = (
    <TagsInput
      label={labels.field}
      helperText={editor.refusal ?? labels.hint}
      error={Boolean(editor.refusal)}
      value={editor.value}
      onChange={editor.change}
    />
  );
  if (props.intro === undefined)
    return (
      <>
        {field}
        {editor.dirty && (
          <Box sx={{ display: 'flex', gap: 1, mt: 1.5, justifyContent: 'flex-end' }}>
            <Button onClick={editor.reset} disabled={editor.saving}>
              {labels.cancel}
            </Button>
            <Button variant="contained" loading={editor.saving} onClick={props.onSave}>
              {labels.save}
            </Button>
          </Box>
        )}
      </>
    );
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (editor.dirty) props.onSave();
  };
  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {props.intro}
      </Typography>
      {field}
      <Box sx={{ display: 'flex', gap: 1, mt: 1.5, justifyContent: 'flex-end' }}>
        <Button onClick={editor.reset} disabled={!editor.dirty || editor.saving}>
          {labels.cancel}
        </Button>
        <Button type="submit" variant="contained" disabled={!editor.dirty} loading={editor.saving}>
          {labels.save}
        </Button>
      </Box>
    </Box>
  );
}
