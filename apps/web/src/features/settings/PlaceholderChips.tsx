import { useId } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * The placeholders an event's email may use, each a button that inserts `{{name}}` into the field last focused
 * (the caller knows where the cursor was). Read-only users see the list without buttons.
 */
export function PlaceholderChips(props: { names: string[]; readOnly: boolean; onInsert: (placeholder: string) => void }) {
  const { t } = useTranslation('settings');
  const id = useId();
  return (
    <Box role="group" aria-labelledby={`${id}-label`} aria-describedby={`${id}-hint`}>
      <Typography id={`${id}-label`} component="h3" variant="subtitle2">
        {t('emailTemplates.placeholders')}
      </Typography>
      <Typography id={`${id}-hint`} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {props.readOnly ? t('emailTemplates.placeholdersReadOnly') : t('emailTemplates.placeholdersHint')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {props.names.map((name) => {
          const placeholder = `{{${name}}}`;
          // Placeholders are code: left to right, in a fixed-width font, whatever the page's language.
          const sx = { fontFamily: 'monospace', direction: 'ltr' } as const;
          return props.readOnly ? (
            <Chip key={name} label={placeholder} size="small" variant="outlined" sx={sx} />
          ) : (
            <Chip
              key={name}
              label={placeholder}
              size="small"
              variant="outlined"
              color="primary"
              aria-label={t('emailTemplates.insert', { placeholder })}
              // The field keeps its focus and cursor: the placeholder goes where the user was typing.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => props.onInsert(placeholder)}
              sx={sx}
            />
          );
        })}
      </Box>
    </Box>
  );
}
