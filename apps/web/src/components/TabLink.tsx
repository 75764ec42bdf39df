import { createLink } from '@tanstack/react-router';
import Tab, { type TabProps } from '@mui/material/Tab';
import type { Ref } from 'react';

const TabBase = (props: TabProps<'a'> & { ref?: Ref<HTMLAnchorElement> }) => <Tab component="a" {...props} />;

/** A tab of a detail page's tab list (`DetailTabs`): a router-aware <a href> (see RouterLink.tsx). */
export const TabLink = createLink(TabBase);
