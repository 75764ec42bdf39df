import Avatar from '@mui/material/Avatar';
import Chip from '@mui/material/Chip';
import StarIcon from '@mui/icons-material/Star';
import { useTranslation } from 'react-i18next';

/** The employer's logo, or its initial on a tinted disc; decorative, the name is always written beside it. */
export function EmployerLogo({ name, url, size = 48 }: { name: string; url: string | null; size?: number }) {
  return (
    <Avatar
      src={url ?? undefined}
      alt=""
      variant="rounded"
      sx={{ width: size, height: size, bgcolor: url ? 'background.paper' : 'action.selected', color: 'text.primary', border: 1, borderColor: 'divider', fontWeight: 600 }}
      slotProps={{ img: { loading: 'lazy', style: { objectFit: 'contain' } } }}
    >
      {name.trim().charAt(0).toUpperCase()}
    </Avatar>
  );
}

export function FeaturedChip() {
  const { t } = useTranslation();
  return <Chip size="small" color="primary" icon={<StarIcon />} label={t('jobs.featured')} />;
}
