import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);

/** Each shortcut: its keys as pressed here, and what it does. */
const shortcuts = [
  { keys: [isMac ? '⌘' : 'Ctrl', 'K'], action: 'search' },
  { keys: ['/'], action: 'search' },
  { keys: ['Tab'], action: 'skip' },
  { keys: ['↑', '↓', 'Enter'], action: 'results' },
  { keys: ['Esc'], action: 'close' },
] as const;

function Keys({ keys }: { keys: readonly string[] }) {
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      {keys.map((k) => (
        <Box
          key={k}
          component="kbd"
          sx={{ px: 0.75, py: 0.25, fontFamily: 'inherit', fontSize: 13, border: 1, borderColor: 'divider', borderRadius: 1 }}
        >
          {k}
        </Box>
      ))}
    </Box>
  );
}

/**
 * The spec's `/second-page`: help for getting around the portal without a mouse, so the keyboard shortcuts the
 * app bar hints at are written down somewhere a user can find them.
 */
export function HelpPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('routes.second-page')} subtitle={t('help.subtitle')} />
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {t('help.shortcutsTitle')}
          </Typography>
          <Table size="small" aria-label={t('help.shortcutsTitle')}>
            <TableHead>
              <TableRow>
                <TableCell scope="col">{t('help.keys')}</TableCell>
                <TableCell scope="col">{t('help.does')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shortcuts.map((s) => (
                <TableRow key={s.keys.join('+')}>
                  <TableCell>
                    <Keys keys={s.keys} />
                  </TableCell>
                  <TableCell>{t(`help.actions.${s.action}`)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {t('help.more')}
          </Typography>
        </CardContent>
      </Card>
    </>
  );
}
