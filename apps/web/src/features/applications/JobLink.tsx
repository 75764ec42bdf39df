import type { ReactNode } from 'react';
import { RouterLink } from '../../components/RouterLink';
import { useCan } from '../../lib/ability';

/** The job of an application: a link to its page for those who may open it, its title for the others. */
export function JobLink(props: { slugs: { account: string; site: string }; jobId: string; children: ReactNode }) {
  const canOpen = useCan('view', 'jobs');
  if (!canOpen) return <>{props.children}</>;
  return (
    // Always underlined: it sits inside a sentence, where colour alone would not mark it as a link.
    <RouterLink underline="always" to="/$account/$site/jobs/$id" params={{ ...props.slugs, id: props.jobId }}>
      {props.children}
    </RouterLink>
  );
}
