import Avatar from '@mui/material/Avatar';

/** Up to two initials from a display name ("Ada Lovelace" → "AL"). */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((p) => Array.from(p ?? '')[0] ?? '').join('').toUpperCase();
}

/**
 * The user's picture, or their initials on the primary colour; decorative next to the visible name or inside a
 * labelled button. The initials are drawn by CSS rather than as text so they are not read out or taken as the
 * visible label of a button named "Open user menu".
 */
export function UserAvatar({ name, src, size = 40 }: { name: string; src?: string | null; size?: number }) {
  return (
    <Avatar
      src={src ?? undefined}
      alt=""
      aria-hidden
      data-initials={initials(name)}
      sx={{
        width: size,
        height: size,
        fontSize: size * 0.4,
        fontWeight: 600,
        bgcolor: 'brand.fill',
        color: 'primary.contrastText',
        '&:not(:has(img))::before': { content: 'attr(data-initials)' },
      }}
    >
      {/* An (empty) child keeps MUI from drawing its generic person icon. */}
      <span />
    </Avatar>
  );
}
