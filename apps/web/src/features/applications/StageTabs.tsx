import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import type { countApplications } from '@hireline/contract/applications';
import type { ResponseOf } from '@hireline/contract/endpoint';
import type { ApplicationStatus } from '@hireline/contract/enums';
import { stageColor } from './StageChip';
import type { Stages } from './use-stages';

export const stageTabId = (value: string) => `applications-stage-tab-${value}`;

/**
 * One tab per visible stage plus All, each with how many applications match the other filters. A tab is the
 * status filter with one value; several statuses chosen in the filters select no tab.
 */
export function StageTabs(props: {
  stages: Stages;
  counts: ResponseOf<typeof countApplications> | undefined;
  /** The counts failed: the tabs still filter, without numbers. */
  countsFailed?: boolean;
  status: ApplicationStatus[] | undefined;
  panelId: string;
  onChange: (status: ApplicationStatus[] | undefined) => void;
}) {
  const { t, i18n } = useTranslation('applications');
  const number = new Intl.NumberFormat(i18n.language);
  const { status } = props;
  const value = !status?.length ? 'all' : status.length === 1 && props.stages.visible.some((s) => s.status === status[0]) ? status[0] : false;
  const count = (s?: ApplicationStatus) => {
    if (!props.counts) return props.countsFailed ? null : '…';
    const of = (st: ApplicationStatus) => props.counts!.by_status.find((c) => c.status === st)?.count ?? 0;
    // "All" is every shown stage: a hidden stage's applications are out of the tabs, so out of the total too.
    const shown = props.stages.shown;
    const n = s ? of(s) : shown ? shown.reduce((sum, st) => sum + of(st), 0) : props.counts.total;
    // Past the lists' exact-count cap the API sends estimates, said as such like a list's estimated total.
    return props.counts.estimated ? t('list.stageCountEstimated', { count: number.format(n) }) : number.format(n);
  };
  const label = (text: string, n: string | null, color?: string) => (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      {color && <Box component="span" aria-hidden sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: color }} />}
      <span>{text}</span>
      {n !== null && (
        <>
          {' '}
          <Box
            component="span"
            // Full-strength text: the tab's own secondary grey on this chip falls under 4.5:1.
            sx={{ px: 0.75, borderRadius: 1, bgcolor: 'action.selected', color: 'text.primary', fontVariantNumeric: 'tabular-nums', typography: 'caption' }}
          >
            {n}
          </Box>
        </>
      )}
    </Box>
  );
  return (
    <Tabs
      value={value}
      onChange={(_, next: string) => props.onChange(next === 'all' ? undefined : [next as ApplicationStatus])}
      aria-label={t('list.stagesLabel')}
      variant="scrollable"
      allowScrollButtonsMobile
      sx={{ px: 1, borderBottom: 1, borderColor: 'divider' }}
    >
      <Tab value="all" id={stageTabId('all')} aria-controls={props.panelId} label={label(t('list.allStages'), count())} />
      {props.stages.visible.map((stage) => (
        <Tab
          key={stage.status}
          value={stage.status}
          id={stageTabId(stage.status)}
          aria-controls={props.panelId}
          label={label(stage.label || t(`status.${stage.status}`), count(stage.status), stageColor(stage.color))}
        />
      ))}
    </Tabs>
  );
}
