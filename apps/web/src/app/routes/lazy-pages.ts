import { lazyRouteComponent } from '@tanstack/react-router';
import { loadNamespaces, type Namespace } from '../../lib/i18n';

/**
 * A page loaded when its route is first visited, together with the wording it shows: the page's chunk and its
 * domain's catalogs are fetched side by side, so the page never renders a spinner while waiting for its words.
 */
export function lazyPage<T extends Record<string, unknown>, K extends keyof T & string>(
  namespaces: Namespace[],
  importer: () => Promise<T>,
  exportName: K,
) {
  const load = () => Promise.all([importer(), namespaces.length ? loadNamespaces(namespaces) : null]).then(([page]) => page);
  return lazyRouteComponent(load, exportName);
}

export const notFoundPage = lazyPage([], () => import('../../features/misc/NotFoundPage'), 'NotFoundPage');
