import { useId, useState, type DragEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import LockOutlined from '@mui/icons-material/LockOutlined';
import MoveUpOutlined from '@mui/icons-material/MoveUpOutlined';
import { useTranslation } from 'react-i18next';
import type { ApplicationSummary } from '@hireline/contract/applications';
import type { ApplicationStatus } from '@hireline/contract/enums';
import { RouterLink } from '../../components/RouterLink';
import { formatDate } from '../../lib/format';
import { ApplicationMarkers } from './ApplicationMarkers';
import type { Stages, StaffStatus } from './use-stages';

/** What a drag carries (also written to the DataTransfer, which browsers need to start a drag at all). */
export interface BoardItem {
  id: string;
  name: string;
  status: ApplicationStatus;
}
export const BOARD_MIME = 'application/x-hireline-application';

/**
 * One application on the board: candidate, applied date, tags, knock-out marker. It can be dragged to another
 * column, or moved with its "Move to…" menu (the keyboard and screen-reader way). Withdrawn is final: neither.
 */
export function BoardCard(props: {
  row: ApplicationSummary;
  stages: Stages;
  movable: boolean;
  slugs: { account: string; site: string };
  onDragStart: (item: BoardItem) => void;
  onDragEnd: () => void;
  onMove: (item: BoardItem, to: StaffStatus) => void;
}) {
  const { t, i18n } = useTranslation('applications');
  const { row } = props;
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const item: BoardItem = { id: row.id, name: row.candidate.name, status: row.status };
  const withdrawn = row.status === 'withdrawn';
  const movable = props.movable && !withdrawn;
  const targets = props.stages.visible.map((s) => s.status).filter((s): s is StaffStatus => s !== 'withdrawn' && s !== row.status);
  const onDragStart = (e: DragEvent) => {
    e.dataTransfer?.setData(BOARD_MIME, JSON.stringify(item));
    if (e.dataTransfer) e.dataTransfer.effectAllowed = 'move';
    props.onDragStart(item);
  };

  return (
    <Box
      component="li"
      draggable={movable}
      onDragStart={movable ? onDragStart : undefined}
      onDragEnd={props.onDragEnd}
      data-application={row.id}
      sx={{
        listStyle: 'none',
        p: 1.5,
        borderRadius: 1,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        cursor: movable ? 'grab' : 'default',
        display: 'grid',
        gap: 0.75,
      }}
    >
      <RouterLink
        to="/$account/$site/applications/$id/$tab"
        params={{ ...props.slugs, id: row.id, tab: 'overview' }}
        draggable={false}
        sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
      >
        {row.candidate.name}
      </RouterLink>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ m: 0 }}>
        {t('board.applied', { date: formatDate(row.created_at, i18n.language) })}
      </Typography>
      {(row.tags.length > 0 || row.knocked_out || !row.enabled) && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          <ApplicationMarkers knockedOut={row.knocked_out} enabled={row.enabled} />
          {row.tags.map((tag) => (
            <Chip key={tag} size="small" variant="outlined" label={tag} />
          ))}
        </Box>
      )}
      {withdrawn ? (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <LockOutlined fontSize="inherit" aria-hidden />
          {t('board.withdrawnLocked')}
        </Typography>
      ) : (
        movable &&
        targets.length > 0 && (
          <>
            <Button
              size="small"
              startIcon={<MoveUpOutlined />}
              aria-label={t('board.moveToNamed', { name: row.candidate.name })}
              aria-haspopup="menu"
              aria-expanded={anchor ? 'true' : undefined}
              aria-controls={anchor ? menuId : undefined}
              onClick={(e) => setAnchor(e.currentTarget)}
              sx={{ justifySelf: 'start' }}
            >
              {t('board.moveTo')}
            </Button>
            <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
              {targets.map((status) => (
                <MenuItem
                  key={status}
                  onClick={() => {
                    setAnchor(null);
                    props.onMove(item, status);
                  }}
                >
                  {props.stages.label(status)}
                </MenuItem>
              ))}
            </Menu>
          </>
        )
      )}
    </Box>
  );
}
