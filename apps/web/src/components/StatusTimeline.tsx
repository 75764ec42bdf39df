import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../lib/format';
import { visuallyHidden } from './visually-hidden';

export interface TimelineEntry {
  key: string;
  /** When, ISO 8601. */
  at: string;
  /** The status before (a chip), or null for the record's creation. */
  from: ReactNode | null;
  to: ReactNode;
  /** Under the change: who made it, why, who was told. */
  details: ReactNode;
}

/**
 * Status changes in the order given (newest first), down a line with a dot each, the newest in the primary colour:
 * when, from → to ("created" for the first), then the details. The arrow is read as `toLabel`, and points the
 * reading direction's way.
 */
export function StatusTimeline(props: { entries: TimelineEntry[]; toLabel: string; createdLabel: string }) {
  const { entries } = props;
  const { i18n } = useTranslation();
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {entries.map((entry, i) => (
        <Box
          component="li"
          key={entry.key}
          sx={{
            position: 'relative',
            paddingInlineStart: 3,
            pb: i === entries.length - 1 ? 0 : 2,
            '&::before': {
              content: '""',
              position: 'absolute',
              insetInlineStart: 5,
              top: 6,
              width: 10,
              height: 10,
              borderRadius: '50%',
              bgcolor: i === 0 ? 'primary.main' : 'divider',
            },
            '&::after':
              i === entries.length - 1
                ? undefined
                : { content: '""', position: 'absolute', insetInlineStart: 9, top: 20, bottom: 0, width: 2, bgcolor: 'divider' },
          }}
        >
          <Typography variant="caption" color="text.secondary" component="time" dateTime={entry.at}>
            {formatDateTime(entry.at, i18n.language)}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75, my: 0.5 }}>
            {entry.from ? (
              <>
                {entry.from}
                <Typography component="span" aria-hidden>
                  {i18n.dir() === 'rtl' ? '←' : '→'}
                </Typography>
                <Box component="span" sx={visuallyHidden}>
                  {props.toLabel}
                </Box>
              </>
            ) : (
              <Typography component="span" variant="body2">
                {props.createdLabel}
              </Typography>
            )}
            {entry.to}
          </Box>
          {entry.details}
        </Box>
      ))}
    </Box>
  );
}
