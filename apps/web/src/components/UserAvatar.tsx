import Avatar from '@mui/material/Avatar';

/** Up to two initials from a display name ("Ada Lovelace" → "AL"). */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((p) => Array.from(p ?? '')[0] ?? '').join('').toUpperCase();
}

/** The user's picture, or their initials on the primary colour; decorative next to the visible name. */
export function UserAvatar({ name, src, size = 40 }: { name: string; src?: string | null; size?: number }) {
  return (
    <Avatar
      src={src ?? undefined}
      alt=""
      sx={{ width: size, height: size, fontSize: size * 0.4, fontWeight: 600, bgcolor: 'brand.fill', color: 'primary.contrastText' }}
    >
      {initials(name)}
    </Avatar>
  );
}
