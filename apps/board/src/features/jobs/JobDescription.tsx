import Box from '@mui/material/Box';

/**
 * The advert's description. The API sanitises it (allowed tags and attributes only), so it is rendered as HTML
 * here; the container gives the bare elements the board's typography.
 */
export function JobDescription({ html }: { html: string }) {
  return (
    <Box
      className="job-description"
      // Written in the employer's language, whatever the board's: its direction comes from its own text.
      dir="auto"
      sx={{
        overflowWrap: 'anywhere',
        lineHeight: 1.7,
        '& h1, & h2, & h3, & h4': { fontSize: '1.125rem', fontWeight: 600, mt: 3, mb: 1 },
        '& p': { my: 1.5 },
        '& ul, & ol': { pl: 3, my: 1.5 },
        '& li': { my: 0.5 },
        '& a': { color: 'brand.text' },
        '& img': { maxWidth: '100%', height: 'auto' },
        '& blockquote': { borderLeft: 4, borderColor: 'divider', m: 0, pl: 2, color: 'text.secondary' },
        '& table': { borderCollapse: 'collapse', maxWidth: '100%', display: 'block', overflowX: 'auto' },
        '& td, & th': { border: 1, borderColor: 'divider', p: 1 },
      }}
      // Sanitised by the API before it is stored and again when served (DESIGN §10).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
