import { lazyRouteComponent } from '@tanstack/react-router';

export const notFoundPage = lazyRouteComponent(() => import('../../features/misc/NotFoundPage'), 'NotFoundPage');
