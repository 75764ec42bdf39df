import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { TabLink } from '../../components/TabLink';
import { EmployerDetailView } from './EmployerDetailView';
import type { EmployerDetailSearch } from './employers.search';

const FROM = '/$account/$site/employers/$id';

/** One employer of the site, under the employers list. */
export function EmployerDetailPage() {
  const { account, site, id } = useParams({ from: FROM });
  const search = useSearch({ from: FROM });
  const navigate = useNavigate({ from: FROM });
  const slugs = { account, site };
  const go = (patch: Partial<EmployerDetailSearch>, replace = false) =>
    void navigate({ search: (prev) => ({ ...prev, ...patch }), replace });
  return (
    <EmployerDetailView
      // Another employer starts on its own details, not on the previous one's tab state.
      key={id}
      id={id}
      mode="site"
      slugs={slugs}
      search={search}
      go={go}
      renderTab={(tab, props) => (
        <TabLink key={tab} to={FROM} params={{ ...slugs, id }} search={{ tab: tab === 'details' ? undefined : tab }} {...props} />
      )}
    />
  );
}
