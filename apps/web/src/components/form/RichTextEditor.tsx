import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import LinkIcon from '@mui/icons-material/Link';
import Title from '@mui/icons-material/Title';
import { useTranslation } from 'react-i18next';
import { LinkDialog } from './LinkDialog';

type Tool = 'bold' | 'italic' | 'heading' | 'bulletList' | 'orderedList' | 'link';
const TOOLS: { tool: Tool; icon: ReactNode; shortcut?: string }[] = [
  { tool: 'bold', icon: <FormatBold />, shortcut: 'Ctrl+B' },
  { tool: 'italic', icon: <FormatItalic />, shortcut: 'Ctrl+I' },
  { tool: 'heading', icon: <Title /> },
  { tool: 'bulletList', icon: <FormatListBulleted />, shortcut: 'Ctrl+Shift+8' },
  { tool: 'orderedList', icon: <FormatListNumbered />, shortcut: 'Ctrl+Shift+7' },
  { tool: 'link', icon: <LinkIcon /> },
];

function isActive(editor: Editor, tool: Tool) {
  return tool === 'heading' ? editor.isActive('heading', { level: 2 }) : editor.isActive(tool);
}

function run(editor: Editor, tool: Exclude<Tool, 'link'>) {
  const chain = editor.chain().focus();
  if (tool === 'bold') chain.toggleBold().run();
  else if (tool === 'italic') chain.toggleItalic().run();
  else if (tool === 'heading') chain.toggleHeading({ level: 2 }).run();
  else if (tool === 'bulletList') chain.toggleBulletList().run();
  else chain.toggleOrderedList().run();
}

/**
 * Rich text with Tiptap (ADR 007): a labelled multi-line text box and a toolbar (one tab stop; arrow keys move
 * between its buttons, as in the ARIA toolbar pattern). Stores HTML; the API sanitises it. Empty text is ''.
 * `value` is only the starting content: give the editor a new `key` to start it from other text.
 */
export function RichTextEditor(props: {
  id: string;
  label: string;
  value: string;
  onChange: (html: string) => void;
  onBlur: () => void;
  onFocus?: () => void;
  error?: string;
  helperText?: string;
  /** The text's own direction when it may differ from the page's (an Arabic text edited in an English portal). */
  dir?: 'ltr' | 'rtl';
  /** Shown, not editable, and without its toolbar. */
  readOnly?: boolean;
  /** The Tiptap editor, for callers that insert text at the cursor or replace the content. */
  onEditor?: (editor: Editor) => void;
}) {
  // Its words are still the job wizard's (jobs:wizard.editor), where the editor started.
  const { t } = useTranslation('jobs');
  const { id, onChange, onBlur, onFocus, dir, readOnly = false, onEditor } = props;
  const labelId = `${id}-label`;
  const helpId = `${id}-help`;
  const [linkOpen, setLinkOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https', protocols: ['http', 'https', 'mailto'] },
      }),
    ],
    content: props.value,
    editable: !readOnly,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        'aria-describedby': helpId,
        ...(dir ? { dir } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    onBlur: () => onBlur(),
    onFocus: () => onFocus?.(),
  });
  useEffect(() => onEditor?.(editor), [editor, onEditor]);
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => Object.fromEntries(TOOLS.map(({ tool }) => [tool, isActive(e, tool)])) as Record<Tool, boolean>,
  });
  const invalid = Boolean(props.error);
  useEffect(() => {
    editor.setOptions({
      editorProps: {
        attributes: {
          id,
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-labelledby': labelId,
          'aria-describedby': helpId,
          'aria-invalid': String(invalid),
          ...(readOnly ? { 'aria-readonly': 'true' } : {}),
          ...(dir ? { dir } : {}),
        },
      },
    });
    // Without an update event: it would pass the unchanged text to onChange, and a form re-validating on change
    // would drop an error the server had just put on this field.
    if (editor.isEditable === readOnly) editor.setEditable(!readOnly, false);
  }, [editor, id, labelId, helpId, invalid, readOnly, dir]);

  const onToolbarKey = (e: KeyboardEvent) => {
    const rtl = getComputedStyle(e.currentTarget).direction === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[e.key];
    let next: number | undefined;
    if (step) next = (focusIndex + step + TOOLS.length) % TOOLS.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = TOOLS.length - 1;
    if (next === undefined) return;
    e.preventDefault();
    setFocusIndex(next);
    buttons.current[next]?.focus();
  };

  return (
    <Box>
      <Typography
        id={labelId}
        component="span"
        variant="body2"
        color={invalid ? 'error' : 'text.secondary'}
        onClick={() => editor.commands.focus()}
        sx={{ display: 'block', mb: 0.75 }}
      >
        {props.label}
      </Typography>
      <Box
        sx={(theme) => ({
          border: 1,
          borderColor: invalid ? 'error.main' : 'divider',
          borderRadius: 1,
          '&:focus-within': { borderColor: invalid ? 'error.main' : 'primary.main', boxShadow: `0 0 0 1px ${invalid ? theme.palette.error.main : theme.palette.primary.main}` },
        })}
      >
        {!readOnly && (
          <Box
            role="toolbar"
            aria-label={t('wizard.editor.toolbar')}
            aria-controls={id}
            onKeyDown={onToolbarKey}
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, p: 0.5, borderBottom: 1, borderColor: 'divider' }}
          >
            {TOOLS.map(({ tool, icon, shortcut }, i) => {
              const label = t(`wizard.editor.${tool}`);
              return (
                <Tooltip key={tool} title={shortcut ? `${label} (${shortcut})` : label}>
                  <IconButton
                    ref={(el) => {
                      buttons.current[i] = el;
                    }}
                    size="small"
                    aria-label={label}
                    aria-pressed={active[tool]}
                    tabIndex={i === focusIndex ? 0 : -1}
                    color={active[tool] ? 'primary' : 'default'}
                    // Keeps the text selection: the command applies to what the user had selected.
                    onMouseDown={(e) => e.preventDefault()}
                    onFocus={() => setFocusIndex(i)}
                    onClick={() => (tool === 'link' ? setLinkOpen(true) : run(editor, tool))}
                  >
                    {icon}
                  </IconButton>
                </Tooltip>
              );
            })}
          </Box>
        )}
        <Box
          sx={{
            px: 1.75,
            '& .ProseMirror': { minHeight: 200, py: 1.5, outline: 'none' },
            '& .ProseMirror p': { my: 1 },
            '& .ProseMirror ul, & .ProseMirror ol': { paddingInlineStart: 3 },
            '& .ProseMirror h2': { typography: 'h6', my: 1.5 },
            '& .ProseMirror h3': { typography: 'subtitle1', fontWeight: 600, my: 1.25 },
            '& .ProseMirror a': { color: 'primary.main' },
          }}
        >
          <EditorContent editor={editor} />
        </Box>
      </Box>
      <FormHelperText id={helpId} error={invalid} sx={{ mx: 1.75 }}>
        {props.error ?? props.helperText ?? (readOnly ? null : t('wizard.editor.hint'))}
      </FormHelperText>
      <LinkDialog editor={editor} open={linkOpen} onClose={() => setLinkOpen(false)} />
    </Box>
  );
}
