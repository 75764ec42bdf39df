import { useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { notificationChannels, type NotificationChannel, type NotificationEvent } from '@hireline/contract/notification-events';
import { getNotificationPreferences, updateNotificationPreferences, type NotificationPreference } from '@hireline/contract/notifications';
import { ErrorState } from '../../components/ErrorState';
import { visuallyHidden } from '../../components/visually-hidden';
import { useCan } from '../../lib/ability';
import { apiQueryKey, useApiMutation, useApiQuery } from '../../lib/api-query';
import { useEventText } from '../../lib/notification-events';
import { scopeKey, useSession } from '../../lib/session';
import { useSnackbar } from '../../lib/snackbar';

type Preferences = { data: NotificationPreference[] };

/**
 * How the signed-in user hears about each event (in the portal, by email, both or not at all). Every email's footer
 * links here (`#notifications`). A choice is saved as soon as it is made, like the portal preferences above it: shown
 * at once, put back with an error message if the API refuses it.
 */
export function NotificationPreferencesCard() {
  const { t } = useTranslation('notifications');
  const headingId = useId();
  const canView = useCan('view', 'notifications');
  const canUpdate = useCan('update', 'notifications');
  const query = useApiQuery(getNotificationPreferences, {}, { enabled: canView });
  const [announcement, setAnnouncement] = useState('');
  if (!canView) return null;
  return (
    <Card id="notifications" component="section" aria-labelledby={headingId}>
      <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('preferences.heading')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('preferences.intro')}
        </Typography>
        {!canUpdate && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('preferences.readOnly')}
          </Alert>
        )}
        {query.isError && query.data === undefined ? (
          <ErrorState title={t('preferences.loadError')} error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data === undefined ? (
          <LoadingRows />
        ) : (
          <PreferenceList preferences={query.data.data} readOnly={!canUpdate} onSaved={setAnnouncement} />
        )}
        {/* Saving happens without a button: a screen reader hears that it did, without being interrupted. */}
        <Box role="status" aria-live="polite" sx={visuallyHidden}>
          {announcement}
        </Box>
      </CardContent>
    </Card>
  );
}

function LoadingRows() {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-busy="true" aria-label={t('loading')} sx={{ display: 'grid', gap: 1.5 }}>
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} variant="rounded" height={56} />
      ))}
    </Box>
  );
}

function PreferenceList(props: { preferences: NotificationPreference[]; readOnly: boolean; onSaved: (message: string) => void }) {
  const { t } = useTranslation('notifications');
  const eventText = useEventText();
  const queryClient = useQueryClient();
  const notify = useSnackbar();
  const { scope } = useSession();
  const key = apiQueryKey(getNotificationPreferences, {}, scopeKey(scope));
  const save = useApiMutation(updateNotificationPreferences);
  const [lastSaved, setLastSaved] = useState<NotificationEvent | null>(null);
  // Changes may overlap (several selects changed quickly): an answer only replaces the list when no other change is
  // still on its way, and a failure only puts an event back when no later change of that event was made.
  const pending = useRef(0);
  const latest = useRef(new Map<NotificationEvent, number>());

  const put = (event: NotificationEvent, channel: NotificationChannel) =>
    queryClient.setQueryData<Preferences>(key, (old) =>
      old ? { data: old.data.map((p) => (p.event === event ? { ...p, channel } : p)) } : old,
    );

  const choose = async (event: NotificationEvent, channel: NotificationChannel) => {
    const before = props.preferences.find((p) => p.event === event)?.channel;
    if (!before || before === channel) return;
    const id = (latest.current.get(event) ?? 0) + 1;
    latest.current.set(event, id);
    pending.current += 1;
    // A refetch answered after this change would show the old choice again. (Set at once otherwise: the select
    // shows its new value without a flash of the old one.)
    if (queryClient.isFetching({ queryKey: key })) await queryClient.cancelQueries({ queryKey: key });
    put(event, channel);
    setLastSaved(null);
    try {
      const saved = await save.mutateAsync({ body: { preferences: [{ event, channel }] } });
      pending.current -= 1;
      if (pending.current === 0) queryClient.setQueryData<Preferences>(key, saved);
      if (latest.current.get(event) === id) setLastSaved(event);
      props.onSaved(t('preferences.saved', { event: eventText.label(event), channel: t(`preferences.channels.${channel}`) }));
    } catch {
      pending.current -= 1;
      if (latest.current.get(event) === id) put(event, before);
      notify.error(t('preferences.saveError', { event: eventText.label(event) }));
    }
  };

  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {props.preferences.map(({ event, channel }) => (
        <PreferenceRow
          key={event}
          event={event}
          channel={channel}
          readOnly={props.readOnly}
          saved={lastSaved === event}
          onChange={(next) => void choose(event, next)}
        />
      ))}
    </Box>
  );
}

function PreferenceRow(props: {
  event: NotificationEvent;
  channel: NotificationChannel;
  readOnly: boolean;
  saved: boolean;
  onChange: (channel: NotificationChannel) => void;
}) {
  const { t } = useTranslation('notifications');
  const eventText = useEventText();
  const id = useId();
  const label = eventText.label(props.event);
  return (
    <Box
      component="li"
      data-event={props.event}
      sx={{
        display: 'grid',
        // Side by side where there is room; the choice goes under its event on a phone.
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) 260px' },
        gap: { xs: 1.5, sm: 3 },
        alignItems: 'center',
        py: 2,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Box>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <Typography id={`${id}-description`} variant="body2" color="text.secondary">
          {eventText.description(props.event)}
        </Typography>
      </Box>
      <Box>
        <TextField
          select
          id={`${id}-channel`}
          size="small"
          fullWidth
          label={t('preferences.channel')}
          value={props.channel}
          disabled={props.readOnly}
          onChange={(e) => props.onChange(e.target.value as NotificationChannel)}
          slotProps={{
            select: { native: true },
            inputLabel: { shrink: true },
            // Twelve selects share the visible label: each is named after its event for screen readers.
            htmlInput: { 'aria-label': t('preferences.channelFor', { event: label }), 'aria-describedby': `${id}-description` },
          }}
        >
          {notificationChannels.map((c) => (
            <option key={c} value={c}>
              {t(`preferences.channels.${c}`)}
            </option>
          ))}
        </TextField>
        {props.saved && (
          <Typography variant="caption" color="success.main" aria-hidden sx={{ display: 'block', mt: 0.5, mx: 1.75 }}>
            {t('preferences.savedShort')}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
