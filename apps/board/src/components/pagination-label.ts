import type { TFunction } from 'i18next';

type ItemType = 'page' | 'first' | 'last' | 'next' | 'previous' | 'start-ellipsis' | 'end-ellipsis';

/** MUI Pagination's accessible names, translated ("Go to page 3", "Page 2, current page"). */
export function paginationLabel(t: TFunction) {
  return (type: ItemType, page: number | null, selected: boolean): string => {
    switch (type) {
      case 'page':
        return t(selected ? 'jobs.pageCurrent' : 'jobs.page', { page });
      case 'first':
      case 'last':
      case 'next':
      case 'previous':
        return t(`jobs.pageNav.${type}`);
      default:
        return '';
    }
  };
}
