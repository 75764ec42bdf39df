import { createLink, type LinkComponent } from '@tanstack/react-router';
import MenuItem, { type MenuItemProps } from '@mui/material/MenuItem';
import ListItemButton, { type ListItemButtonProps } from '@mui/material/ListItemButton';
import type { Ref } from 'react';

/** Router-aware menu items and navigation list entries (see RouterLink.tsx): real <a href> elements. */
const MenuItemBase = (props: MenuItemProps<'a'> & { ref?: Ref<HTMLAnchorElement> }) => (
  <MenuItem component="a" {...props} />
);
const ListItemButtonBase = (props: ListItemButtonProps<'a'> & { ref?: Ref<HTMLAnchorElement> }) => (
  <ListItemButton component="a" {...props} />
);

const CreatedMenuItem = createLink(MenuItemBase);
const CreatedListItemButton = createLink(ListItemButtonBase);

export const MenuItemLink: LinkComponent<typeof MenuItemBase> = (props) => <CreatedMenuItem {...props} />;
export const ListItemButtonLink: LinkComponent<typeof ListItemButtonBase> = (props) => (
  <CreatedListItemButton preload="intent" {...props} />
);
