import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ApplicationStage } from '@hireline/contract/applications';
import type { ApplicationStatus } from '@hireline/contract/enums';
import { ErrorState } from '../../components/ErrorState';
import { BoardCard, type BoardItem } from './BoardCard';
import { stageColor } from './StageChip';
import { useBoardColumn } from './use-board-column';
import type { Stages, StaffStatus } from './use-stages';

/**
 * One stage of the board: a labelled region with the stage's label, colour and count, its cards (50 at a time),
 * and a drop target for cards dragged from another column (not Withdrawn: staff never set it).
 */
export function BoardColumn(props: {
  jobId: string;
  stage: ApplicationStage;
  stages: Stages;
  canMove: boolean;
  slugs: { account: string; site: string };
  /** Whether a card being dragged may be dropped here. */
  accepts: (status: ApplicationStatus) => boolean;
  onDragStart: (item: BoardItem) => void;
  onDragEnd: () => void;
  onDrop: (status: ApplicationStatus, data: DataTransfer | null) => void;
  onMove: (item: BoardItem, to: StaffStatus) => void;
}) {
  const { t, i18n } = useTranslation('applications');
  const { stage } = props;
  const headingId = useId();
  const query = useBoardColumn(props.jobId, stage.status);
  const [over, setOver] = useState(false);
  const rows = query.data?.pages.flatMap((p) => p.data);
  const total = query.data?.pages[0]?.meta.total;
  const label = props.stages.label(stage.status);

  return (
    <Box
      component="section"
      role="region"
      aria-labelledby={headingId}
      onDragOver={(e) => {
        if (!props.accepts(stage.status)) return;
        // Allowing the drop is what preventDefault means for dragover.
        e.preventDefault();
        if (e.dataTransfer) e.dataTransfer.dropEffect = 'move';
        if (!over) setOver(true);
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        props.onDrop(stage.status, e.dataTransfer ?? null);
      }}
      sx={{
        flex: '0 0 272px',
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        p: 1.5,
        borderRadius: 2,
        borderTop: 4,
        borderTopColor: stageColor(stage.color) ?? 'divider',
        bgcolor: over ? 'action.selected' : 'action.hover',
        outline: over ? 2 : 0,
        outlineColor: 'primary.main',
        outlineStyle: 'dashed',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 600, flexGrow: 1 }}>
          {label}{' '}
          <Box component="span" sx={{ marginInlineStart: 0.5, color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}>
            {total === undefined ? '' : new Intl.NumberFormat(i18n.language).format(total)}
          </Box>
        </Typography>
      </Box>
      {query.isError && !rows ? (
        <ErrorState title={t('board.loadError')} error={query.error} onRetry={() => void query.refetch()} />
      ) : !rows ? (
        <Box aria-busy sx={{ display: 'grid', gap: 1 }}>
          <Skeleton variant="rounded" height={72} />
          <Skeleton variant="rounded" height={72} />
        </Box>
      ) : rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
          {t('board.empty')}
        </Typography>
      ) : (
        <Box component="ul" aria-label={t('board.cards', { stage: label })} sx={{ m: 0, p: 0, display: 'grid', gap: 1 }}>
          {rows.map((row) => (
            <BoardCard
              key={row.id}
              row={row}
              stages={props.stages}
              movable={props.canMove}
              slugs={props.slugs}
              onDragStart={props.onDragStart}
              onDragEnd={props.onDragEnd}
              onMove={props.onMove}
            />
          ))}
        </Box>
      )}
      {query.hasNextPage && (
        <Button size="small" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {t('board.loadMore', { stage: label })}
        </Button>
      )}
    </Box>
  );
}
