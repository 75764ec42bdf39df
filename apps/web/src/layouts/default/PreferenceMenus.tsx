import { useId, useState, type ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Check from '@mui/icons-material/Check';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import SettingsBrightness from '@mui/icons-material/SettingsBrightness';
import Translate from '@mui/icons-material/Translate';
import ViewSidebarOutlined from '@mui/icons-material/ViewSidebarOutlined';
import WebOutlined from '@mui/icons-material/WebOutlined';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../lib/i18n';
import {
  languages,
  navLayouts,
  preferences,
  themeModes,
  usePreferences,
  type NavLayout,
  type ThemeMode,
} from '../../lib/preferences';

interface Choice<T extends string> {
  value: T;
  label: string;
}

/** An icon button opening a single-choice menu (menuitemradio semantics, so the current choice is announced). */
function ChoiceMenu<T extends string>(props: {
  label: string;
  icon: ReactNode;
  value: T;
  choices: Choice<T>[];
  onChange: (value: T) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  return (
    <>
      <Tooltip title={props.label}>
        <IconButton
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label={props.label}
          aria-haspopup="menu"
          aria-controls={anchor ? id : undefined}
          aria-expanded={anchor ? true : undefined}
        >
          {props.icon}
        </IconButton>
      </Tooltip>
      <Menu id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {props.choices.map((c) => (
          <MenuItem
            key={c.value}
            role="menuitemradio"
            aria-checked={c.value === props.value}
            selected={c.value === props.value}
            onClick={() => {
              props.onChange(c.value);
              setAnchor(null);
            }}
          >
            <ListItemIcon>{c.value === props.value && <Check fontSize="small" />}</ListItemIcon>
            {c.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

const modeIcons: Record<ThemeMode, ReactNode> = {
  light: <LightModeOutlined />,
  dark: <DarkModeOutlined />,
  system: <SettingsBrightness />,
};

export function ThemeModeMenu() {
  const { t } = useTranslation();
  const { mode } = usePreferences();
  return (
    <ChoiceMenu
      label={t('theme.label')}
      icon={modeIcons[mode]}
      value={mode}
      choices={themeModes.map((m) => ({ value: m, label: t(`theme.${m}`) }))}
      onChange={(value) => preferences.update({ mode: value })}
    />
  );
}

const layoutIcons: Record<NavLayout, ReactNode> = {
  vertical: <ViewSidebarOutlined />,
  horizontal: <WebOutlined />,
};

/** Vertical sidebar or horizontal menu bar (wide screens; narrow ones always use the drawer). */
export function LayoutMenu() {
  const { t } = useTranslation();
  const { layout } = usePreferences();
  return (
    <ChoiceMenu
      label={t('layout.label')}
      icon={layoutIcons[layout]}
      value={layout}
      choices={navLayouts.map((l) => ({ value: l, label: t(`layout.${l}`) }))}
      onChange={(value) => preferences.update({ layout: value })}
    />
  );
}

export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const current = languages.find((l) => i18n.language.startsWith(l)) ?? 'en';
  return (
    <ChoiceMenu
      label={t('language.label')}
      icon={<Translate />}
      value={current}
      choices={languages.map((l) => ({ value: l, label: t(`language.${l}`) }))}
      onChange={changeLanguage}
    />
  );
}
