import type { Action, Subject } from '@hireline/access/vocabulary';

/** Route names of the spec's route table; the guard redirects by name, never by hard-coded path. */
export type RouteName =
  | 'root'
  | 'login'
  | 'forgot-password'
  | 'reset-password'
  | 'not-authorized'
  | 'not-found'
  | 'not-found-alias'
  | 'dev-mail'
  | 'dev-mail-message';

/** DESIGN §7: the meta every route declares. */
export interface RouteMeta {
  /** Always allowed, signed in or not (guard rule 1). */
  public?: boolean;
  /** Only for signed-out users; a signed-in user goes to the root path (rule 2). */
  unauthenticatedOnly?: boolean;
  /** Required permission; default `access` on `portal` (rule 4). */
  action?: Action;
  subject?: Subject;
  layout: 'default' | 'blank';
  /** Name of the navigation entry to highlight (detail pages highlight their list). */
  navActiveLink?: RouteName;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    name?: RouteName;
    meta?: RouteMeta;
  }
}
