import { Fragment } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
import { useTranslation } from 'react-i18next';
import type { AuditLogEntry, EnterpriseAuditLogEntry } from '@hireline/contract/audit';
import { formatDateTime } from '../../lib/format';
import { useAuditLabels } from './audit-labels';

/** An entry of either list: the enterprise's also says which account it belongs to. */
export type AuditRowData = AuditLogEntry & Partial<Pick<EnterpriseAuditLogEntry, 'account'>>;
type Person = NonNullable<AuditLogEntry['actor']>;

const MONO = { fontFamily: 'monospace', fontSize: 13, overflowWrap: 'anywhere' } as const;
const DETAILS = {
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, max-content) 1fr' },
  columnGap: 3,
  rowGap: 1,
  m: 0,
  '& dt': { color: 'text.secondary' },
  '& dd': { m: 0 },
} as const;

/** "Staff Name as Impersonated Name" during an impersonation, else the person who acted, with their email below. */
export function Who({ row }: { row: AuditRowData }) {
  const { t } = useTranslation('audit');
  const { actor, impersonator } = row;
  if (!actor && !impersonator)
    return (
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {t('list.nobody')}
      </Box>
    );
  if (impersonator)
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <span>{t('list.as', { staff: impersonator.name, user: actor?.name ?? t('list.nobody') })}</span>
        <Chip size="small" color="warning" variant="outlined" label={t('list.impersonated')} />
      </Box>
    );
  return (
    <>
      <div>{actor!.name}</div>
      <Typography variant="caption" color="text.secondary" component="div">
        <bdi dir="ltr">{actor!.email}</bdi>
      </Typography>
    </>
  );
}

/** One value of `data` as text: lists of plain values joined, anything nested as JSON. */
export function dataValue(value: unknown, yesNo: (v: boolean) => string): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return yesNo(value);
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) return value.join(', ');
  return JSON.stringify(value);
}

function Details({ row, onActor }: { row: AuditRowData; onActor: (id: string) => void }) {
  const { t } = useTranslation('audit');
  const labels = useAuditLabels();
  const entries = Object.entries(row.data);
  const yesNo = (v: boolean) => t(v ? 'details.yes' : 'details.no');
  const person = (label: string, p: Person | null) =>
    p && (
      <>
        <dt>{label}</dt>
        <dd>
          {p.name} <bdi dir="ltr">&lt;{p.email}&gt;</bdi>{' '}
          <Button size="small" onClick={() => onActor(p.id)}>
            {t('details.onlyTheirs', { name: p.name })}
          </Button>
        </dd>
      </>
    );
  return (
    <>
      <Box component="dl" sx={DETAILS}>
        <dt>{t('details.actionKey')}</dt>
        <dd>
          <Box component="code" sx={MONO}>
            {row.action}
          </Box>
        </dd>
        {row.subject_type && (
          <>
            <dt>{t('details.subject')}</dt>
            <dd>
              {labels.subject(row.subject_type)} {row.subject_name && <bdi>{row.subject_name} </bdi>}
              {row.subject_deleted && <span>{labels.deleted(row.subject_type)} </span>}
              <Box component="code" sx={MONO}>
                {row.subject_id}
              </Box>
            </dd>
          </>
        )}
        {person(t('details.actor'), row.actor)}
        {person(t('details.impersonator'), row.impersonator)}
      </Box>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2, mb: 1 }}>
        {t('details.data')}
      </Typography>
      {entries.length === 0 ? (
        <Typography color="text.secondary">{t('details.noData')}</Typography>
      ) : (
        <Box component="dl" sx={DETAILS}>
          {entries.map(([key, value]) => (
            <Fragment key={key}>
              <Box component="dt" sx={MONO}>
                {key}
              </Box>
              <Box component="dd" sx={{ overflowWrap: 'anywhere' }}>
                {dataValue(value, yesNo)}
              </Box>
            </Fragment>
          ))}
        </Box>
      )}
    </>
  );
}

/** One entry: time, who, action, subject, (account), IP; its button opens what was recorded, as key and value pairs. */
export function AuditRow(props: {
  row: AuditRowData;
  showAccount: boolean;
  columns: number;
  open: boolean;
  onToggle: () => void;
  onActor: (id: string) => void;
}) {
  const { t, i18n } = useTranslation('audit');
  const labels = useAuditLabels();
  const { row } = props;
  const action = labels.action(row.action);
  const panelId = `audit-details-${row.id}`;
  const none = (
    <Box component="span" sx={{ color: 'text.secondary' }}>
      {t('list.none')}
    </Box>
  );
  return (
    <>
      <TableRow hover sx={{ '& > td, & > th': { borderBottom: props.open ? 0 : undefined } }}>
        <TableCell padding="checkbox">
          <IconButton
            size="small"
            aria-expanded={props.open}
            aria-controls={panelId}
            aria-label={t(props.open ? 'list.hideDetails' : 'list.showDetails', { action })}
            onClick={props.onToggle}
          >
            {props.open ? <KeyboardArrowUp /> : <KeyboardArrowDown />}
          </IconButton>
        </TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>
          <time dateTime={row.created_at}>{formatDateTime(row.created_at, i18n.language)}</time>
        </TableCell>
        <TableCell>
          <Who row={row} />
        </TableCell>
        <TableCell component="th" scope="row">
          {action}
        </TableCell>
        <TableCell>
          {row.subject_type ? (
            <>
              <div>{labels.subject(row.subject_type)}</div>
              {/* What it is about by name (or that it is gone); the id stays beside it, to search by. */}
              {row.subject_name && (
                <div>
                  <bdi>{row.subject_name}</bdi>
                </div>
              )}
              {row.subject_deleted && <div>{labels.deleted(row.subject_type)}</div>}
              {row.subject_id && (
                <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
                  <bdi dir="ltr">{row.subject_id}</bdi>
                </Typography>
              )}
            </>
          ) : (
            none
          )}
        </TableCell>
        {props.showAccount && <TableCell>{row.account?.name ?? t('list.enterprise')}</TableCell>}
        <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.ip ? <bdi dir="ltr">{row.ip}</bdi> : none}</TableCell>
      </TableRow>
      <TableRow>
        <TableCell colSpan={props.columns} sx={{ py: 0, borderBottom: props.open ? undefined : 0 }}>
          <Collapse in={props.open} unmountOnExit>
            <Box id={panelId} role="region" aria-label={t('details.label', { action })} sx={{ py: 2, paddingInlineStart: 7 }}>
              <Details row={row} onActor={props.onActor} />
            </Box>
          </Collapse>
        </TableCell>
      </TableRow>
    </>
  );
}
