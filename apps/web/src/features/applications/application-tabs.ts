/** The detail page's tabs, each its own URL (`/applications/{id}/{tab}`), in the order they are shown. */
export const APPLICATION_TABS = ['overview', 'answers', 'documents', 'history', 'tags', 'feedback'] as const;
export type ApplicationTab = (typeof APPLICATION_TABS)[number];
