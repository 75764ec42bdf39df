import { useNavigate, useSearch } from '@tanstack/react-router';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import TableRowsOutlined from '@mui/icons-material/TableRowsOutlined';
import ViewKanbanOutlined from '@mui/icons-material/ViewKanbanOutlined';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { useCan } from '../../lib/ability';
import { ApplicationsBoard } from './ApplicationsBoard';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { listApplications } from '@hireline/contract/applications';
import { ApplicationsList } from './ApplicationsList';
import { toListQuery } from './applications.search';
import { useStages } from './use-stages';

const FROM = '/$account/$site/applications';

/**
 * The site's applications as a list (server paging, sort, search, filters and stage tabs in the URL, bulk actions,
 * CSV) or as one job's board (`?view=board&job=<uuid>`). Switching carries the job across: the list's job filter
 * becomes the board's job and back.
 */
export function ApplicationsListPage() {
  const { t } = useTranslation('applications');
  const search = useSearch({ from: FROM });
  const navigate = useNavigate({ from: FROM });
  const canExport = useCan('export', 'applications');
  const board = search.view === 'board';
  const stages = useStages();
  const setView = (view: 'list' | 'board') =>
    void navigate({
      search: (prev) =>
        view === 'board'
          ? { ...prev, view: 'board' as const, job: prev.job ?? prev.job_id, page: undefined }
          : { ...prev, view: undefined, job: undefined, job_id: prev.job ?? prev.job_id },
    });

  return (
    <>
      <PageHeader
        title={t('list.title')}
        subtitle={board ? t('board.subtitle') : t('list.subtitle')}
        actions={
          <>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={board ? 'board' : 'list'}
              onChange={(_, view: 'list' | 'board' | null) => view && setView(view)}
              aria-label={t('list.view.label')}
            >
              <ToggleButton value="list" sx={{ gap: 0.5 }}>
                <TableRowsOutlined fontSize="small" aria-hidden />
                {t('list.view.list')}
              </ToggleButton>
              <ToggleButton value="board" sx={{ gap: 0.5 }}>
                <ViewKanbanOutlined fontSize="small" aria-hidden />
                {t('list.view.board')}
              </ToggleButton>
            </ToggleButtonGroup>
            {canExport && !board && <ExportCsvButton endpoint={listApplications} query={toListQuery(search, stages.shown)} name="applications" />}
          </>
        }
      />
      {board ? (
        <ApplicationsBoard jobId={search.job} onJob={(job) => void navigate({ search: (prev) => ({ ...prev, job }) })} />
      ) : (
        <ApplicationsList />
      )}
    </>
  );
}
