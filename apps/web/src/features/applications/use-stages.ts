import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { listApplicationStages, type ApplicationStage, type NotifyChoice } from '@hireline/contract/applications';
import { staffStatuses } from '@hireline/contract/application-actions';
import type { ApplicationStatus } from '@hireline/contract/enums';
import { useApiQuery } from '../../lib/api-query';

export type StaffStatus = (typeof staffStatuses)[number];
export const isStaffStatus = (s: string): s is StaffStatus => (staffStatuses as readonly string[]).includes(s);

const NOBODY: NotifyChoice = { admin: false, consultants: false, candidate: false };

/**
 * The site's stages (label, colour, order, visibility, who is emailed by default), cached for a while: they change
 * only in the site's settings. Labels are the site's own words; the translated status is the fallback while they load.
 */
export function useStages() {
  const { t } = useTranslation('applications');
  const query = useApiQuery(listApplicationStages, {}, { staleTime: 5 * 60_000 });
  return useMemo(() => {
    const stages = [...(query.data ?? [])].sort((a, b) => a.position - b.position);
    const byStatus = new Map<ApplicationStatus, ApplicationStage>(stages.map((s) => [s.status, s]));
    return {
      query,
      stages,
      visible: stages.filter((s) => s.visible),
      /**
       * What "All" means: every status while the site shows every stage (no filter to send), else only the shown
       * stages', so a hidden stage's applications leave the list and its count as they left the tabs.
       */
      shown: stages.some((s) => !s.visible) ? stages.filter((s) => s.visible).map((s) => s.status) : undefined,
      stage: (status: ApplicationStatus) => byStatus.get(status),
      label: (status: ApplicationStatus) => byStatus.get(status)?.label || t(`status.${status}`),
      /** Who a move to `status` emails unless the user says otherwise (the stage's defaults). */
      notifyDefaults: (status: ApplicationStatus): NotifyChoice => {
        const stage = byStatus.get(status);
        return stage ? { admin: stage.email_admin, consultants: stage.email_consultants, candidate: stage.email_candidate } : NOBODY;
      },
    };
  }, [query, t]);
}
export type Stages = ReturnType<typeof useStages>;
