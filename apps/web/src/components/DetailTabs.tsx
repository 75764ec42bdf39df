import { useEffect, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Tabs from '@mui/material/Tabs';

export interface TabLinkProps<T extends string> {
  value: T;
  label: string;
  id: string;
  'aria-controls': string | undefined;
}

/**
 * The route's `$tab` when it is one of `tabs`, otherwise `fallback`; an unknown one (an old or hand-made link) is
 * also corrected in the address by `correct`.
 */
export function useTabParam<T extends string>(asked: string, tabs: readonly T[], fallback: T, correct: () => void): T {
  const known = (tabs as readonly string[]).includes(asked);
  useEffect(() => {
    if (!known) correct();
    // `correct` is a fresh closure each render; only another tab in the address should navigate.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [known, asked]);
  return known ? (asked as T) : fallback;
}

/**
 * A detail page's tabs and the panel of the current one. Tabs are links (`renderTab` makes each one, with a `key`,
 * from the props given): each has its own URL, and the back button, middle-click and sharing work.
 */
export function DetailTabs<T extends string>(props: {
  label: string;
  tabs: readonly T[];
  current: T;
  tabLabel: (tab: T) => string;
  /** Names the ids of the tabs and panel (`<prefix>-tab-<tab>`, `<prefix>-panel-<tab>`). */
  idPrefix: string;
  renderTab: (tab: T, props: TabLinkProps<T>) => ReactNode;
  children: ReactNode;
}) {
  const { current, idPrefix } = props;
  const tabId = (tab: T) => `${idPrefix}-tab-${tab}`;
  const panelId = (tab: T) => `${idPrefix}-panel-${tab}`;
  return (
    <Box>
      <Tabs
        value={current}
        aria-label={props.label}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {props.tabs.map((tab) =>
          props.renderTab(tab, {
            value: tab,
            label: props.tabLabel(tab),
            id: tabId(tab),
            'aria-controls': tab === current ? panelId(tab) : undefined,
          }),
        )}
      </Tabs>
      <Box role="tabpanel" id={panelId(current)} aria-labelledby={tabId(current)} sx={{ pt: 3 }}>
        {props.children}
      </Box>
    </Box>
  );
}
