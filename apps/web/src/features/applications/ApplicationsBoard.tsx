import { useRef, useState } from 'react';
import { useParams } from '@tanstack/react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { pickJobs } from '@hireline/contract/applications';
import type { ApplicationStatus } from '@hireline/contract/enums';
import { ErrorState } from '../../components/ErrorState';
import { useCan } from '../../lib/ability';
import { LookupAutocomplete } from '../../components/list/LookupAutocomplete';
import { BOARD_MIME, type BoardItem } from './BoardCard';
import { BoardColumn } from './BoardColumn';
import { StatusChangeDialog, type StatusChangeTarget } from './StatusChangeDialog';
import { isStaffStatus, useStages, type StaffStatus } from './use-stages';

const FROM = '/$account/$site/applications';

function readItem(data: DataTransfer | null): BoardItem | null {
  try {
    const raw = data?.getData(BOARD_MIME);
    return raw ? (JSON.parse(raw) as BoardItem) : null;
  } catch {
    return null;
  }
}

/**
 * The kanban view of one job's applications: a column per visible stage. Dropping a card on another column, or
 * choosing the column in the card's "Move to…" menu, opens the status dialog for that one application; its
 * success refreshes the list endpoint, so both columns reload.
 */
export function ApplicationsBoard({ jobId, onJob }: { jobId: string | undefined; onJob: (job: string | undefined) => void }) {
  const { t } = useTranslation('applications');
  const slugs = useParams({ from: FROM });
  const stages = useStages();
  const canMove = useCan('status', 'applications');
  // The card being dragged: dragover cannot read the DataTransfer's data, and a drag from elsewhere is not ours.
  const dragged = useRef<BoardItem | null>(null);
  const [dialog, setDialog] = useState<{ key: number; open: boolean; target: StatusChangeTarget } | null>(null);

  const move = (item: BoardItem, to: StaffStatus) =>
    setDialog((d) => ({
      key: (d?.key ?? 0) + 1,
      open: true,
      target: { ids: [item.id], names: { [item.id]: item.name }, status: to, current: item.status },
    }));
  const accepts = (status: ApplicationStatus) =>
    canMove && isStaffStatus(status) && !!dragged.current && dragged.current.status !== status;
  const onDrop = (status: ApplicationStatus, data: DataTransfer | null) => {
    const item = dragged.current ?? readItem(data);
    dragged.current = null;
    if (!canMove || !item || item.status === 'withdrawn' || item.status === status || !isStaffStatus(status)) return;
    move(item, status);
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Card>
        <CardContent sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
          <Box sx={{ flex: '1 1 320px', maxWidth: 480 }}>
            <LookupAutocomplete endpoint={pickJobs} label={t('board.job')} value={jobId} onChange={onJob} />
          </Box>
          {jobId && canMove && (
            <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 280px' }}>
              {t('board.instructions')}
            </Typography>
          )}
        </CardContent>
      </Card>
      {!jobId ? (
        <Card>
          <CardContent role="status" sx={{ textAlign: 'center', py: 6 }}>
            <Typography variant="h6" component="p" gutterBottom>
              {t('board.chooseJob')}
            </Typography>
            <Typography color="text.secondary">{t('board.chooseJobHint')}</Typography>
          </CardContent>
        </Card>
      ) : stages.query.isError ? (
        <ErrorState title={t('board.stagesError')} error={stages.query.error} onRetry={() => void stages.query.refetch()} />
      ) : !stages.query.data ? (
        <Skeleton variant="rounded" height={320} aria-label={t('board.loading')} />
      ) : (
        <Box
          component="section"
          aria-label={t('board.label')}
          sx={{ display: 'flex', gap: 2, overflowX: 'auto', pb: 1, alignItems: 'flex-start' }}
        >
          {stages.visible.map((stage) => (
            <BoardColumn
              key={`${jobId}:${stage.status}`}
              jobId={jobId}
              stage={stage}
              stages={stages}
              canMove={canMove}
              slugs={slugs}
              accepts={accepts}
              onDragStart={(item) => (dragged.current = item)}
              onDragEnd={() => (dragged.current = null)}
              onDrop={onDrop}
              onMove={move}
            />
          ))}
        </Box>
      )}
      {dialog && (
        <StatusChangeDialog
          key={dialog.key}
          open={dialog.open}
          target={dialog.target}
          onClose={() => setDialog((d) => d && { ...d, open: false })}
        />
      )}
    </Box>
  );
}
