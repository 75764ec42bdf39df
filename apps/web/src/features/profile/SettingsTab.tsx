import { useId } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { changeLanguage, multiLanguage } from '../../lib/i18n';
import { languages, navLayouts, preferences, skins, themeModes, usePreferences, type Language } from '../../lib/preferences';
import { NotificationPreferencesCard } from './NotificationPreferencesCard';

/** One preference as a labelled radio group; `onChange` is the same setter the app bar's menus use. */
function ChoiceField<T extends string>(props: {
  label: string;
  hint?: string;
  value: T;
  choices: readonly T[];
  choiceLabel: (value: T) => string;
  onChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <FormControl>
      <FormLabel id={`${id}-label`}>{props.label}</FormLabel>
      <RadioGroup
        row
        aria-labelledby={`${id}-label`}
        aria-describedby={props.hint ? `${id}-hint` : undefined}
        value={props.value}
        onChange={(_, v) => props.onChange(v as T)}
      >
        {props.choices.map((c) => (
          <FormControlLabel key={c} value={c} control={<Radio />} label={props.choiceLabel(c)} />
        ))}
      </RadioGroup>
      {props.hint && <FormHelperText id={`${id}-hint`} sx={{ mx: 0 }}>{props.hint}</FormHelperText>}
    </FormControl>
  );
}

/** The portal preferences of lib/preferences (applied at once, remembered in this browser), then the user's notifications. */
export function SettingsTab() {
  const { t } = useTranslation('profile');
  const { t: tc, i18n } = useTranslation();
  const { mode, layout, skin } = usePreferences();
  const language = languages.find((l) => i18n.language.startsWith(l)) ?? 'en';
  return (
    <Stack spacing={3}>
      <Card>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('settings.heading')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {t('settings.intro')}
          </Typography>
          <Stack spacing={3.5}>
            <ChoiceField
              label={tc('theme.label')}
              hint={t('settings.themeHint')}
              value={mode}
              choices={themeModes}
              choiceLabel={(m) => tc(`theme.${m}`)}
              onChange={(value) => preferences.update({ mode: value })}
            />
            <ChoiceField
              label={tc('layout.label')}
              hint={t('settings.layoutHint')}
              value={layout}
              choices={navLayouts}
              choiceLabel={(l) => tc(`layout.${l}`)}
              onChange={(value) => preferences.update({ layout: value })}
            />
            <ChoiceField
              label={t('settings.skin.label')}
              value={skin}
              choices={skins}
              choiceLabel={(s) => t(`settings.skin.${s}`)}
              onChange={(value) => preferences.update({ skin: value })}
            />
            {multiLanguage && (
              <TextField
                select
                label={tc('language.label')}
                helperText={t('settings.languageHint')}
                value={language}
                onChange={(e) => changeLanguage(e.target.value as Language)}
                sx={{ maxWidth: 320 }}
              >
                {languages.map((l) => (
                  <MenuItem key={l} value={l}>
                    {tc(`language.${l}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          </Stack>
        </CardContent>
      </Card>
      <NotificationPreferencesCard />
    </Stack>
  );
}
