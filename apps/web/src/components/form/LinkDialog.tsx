import { useId, useState, type FormEvent } from 'react';
import type { Editor } from '@tiptap/react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

// What the API keeps on links (ADR 007); anything else would be dropped on save.
const ALLOWED = /^(https?:\/\/[^\s]+|mailto:[^\s]+)$/i;

/** Adds, changes or removes the link on the selected text (or inserts the address as a link). */
export function LinkDialog({ editor, open, onClose }: { editor: Editor; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('jobs');
  const titleId = useId();
  const [href, setHref] = useState('');
  const [error, setError] = useState(false);
  const hasLink = editor.isActive('link');

  const close = () => {
    onClose();
    editor.commands.focus();
  };
  const apply = (e: FormEvent) => {
    e.preventDefault();
    const url = href.trim();
    if (!url) {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      return onClose();
    }
    const full = /^[a-z]+:/i.test(url) ? url : `https://${url}`;
    if (!ALLOWED.test(full)) return setError(true);
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !hasLink)
      chain.insertContent({ type: 'text', text: url, marks: [{ type: 'link', attrs: { href: full } }] }).run();
    else chain.setLink({ href: full }).run();
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
      slotProps={{
        transition: {
          onEnter: () => {
            setHref((editor.getAttributes('link').href as string | undefined) ?? '');
            setError(false);
          },
        },
      }}
    >
      <form noValidate onSubmit={apply}>
        <DialogTitle id={titleId}>{hasLink ? t('wizard.editor.editLink') : t('wizard.editor.addLink')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={t('wizard.editor.url')}
            value={href}
            onChange={(e) => {
              setHref(e.target.value);
              setError(false);
            }}
            error={error}
            helperText={error ? t('wizard.editor.badUrl') : t('wizard.editor.urlHint')}
            inputMode="url"
          />
        </DialogContent>
        <DialogActions>
          {hasLink && (
            <Button
              color="error"
              onClick={() => {
                editor.chain().focus().extendMarkRange('link').unsetLink().run();
                onClose();
              }}
            >
              {t('wizard.editor.removeLink')}
            </Button>
          )}
          <Button onClick={close}>{t('wizard.editor.cancel')}</Button>
          <Button type="submit" variant="contained">
            {t('wizard.editor.apply')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
