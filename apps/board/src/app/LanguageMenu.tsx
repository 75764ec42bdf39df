import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TranslateIcon from '@mui/icons-material/Translate';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../components/visually-hidden';
import { changeLanguage, languages, type Language } from '../lib/i18n';

/** Each language named in itself, so a visitor finds theirs whatever the page is in now. */
const names: Record<Language, string> = { en: 'English', fr: 'Français', ar: 'العربية' };

export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = (languages as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : 'en';
  return (
    <>
      <Button
        color="inherit"
        startIcon={<TranslateIcon />}
        aria-haspopup="true"
        aria-expanded={Boolean(anchor)}
        aria-controls={anchor ? 'language-menu' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {/* Read as "Language: English"; shown as the short code. */}
        <Box component="span" sx={visuallyHidden}>
          {t('nav.language', { language: names[current] })}
        </Box>
        <span aria-hidden="true">{current.toUpperCase()}</span>
      </Button>
      <Menu id="language-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {languages.map((lng) => (
          <MenuItem
            key={lng}
            lang={lng}
            selected={lng === current}
            onClick={() => {
              changeLanguage(lng);
              setAnchor(null);
            }}
          >
            {names[lng]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
