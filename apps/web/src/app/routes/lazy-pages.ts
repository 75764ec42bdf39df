import { lazyRouteComponent } from '@tanstack/react-router';

/**
 * The one placeholder for every route of the spec's table whose page is not built yet (DESIGN §7 keeps the whole
 * table registered so guards, navigation and links are real from day one). Replace it per route with the page.
 */
export const upcomingPage = lazyRouteComponent(() => import('../../features/misc/UpcomingPage'), 'UpcomingPage');

export const notFoundPage = lazyRouteComponent(() => import('../../features/misc/NotFoundPage'), 'NotFoundPage');
