import { createLink, type LinkComponent } from '@tanstack/react-router';
import Button, { type ButtonProps } from '@mui/material/Button';
import MuiLink, { type LinkProps as MuiLinkProps } from '@mui/material/Link';
import MenuItem, { type MenuItemProps } from '@mui/material/MenuItem';
import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import ListItemButton, { type ListItemButtonProps } from '@mui/material/ListItemButton';
import Tab, { type TabProps } from '@mui/material/Tab';
import type { Ref } from 'react';

/*
 * Router-aware MUI controls: they render real <a href> elements (keyboard, middle-click, "open in new tab" all
 * work) with typed `to`/`params`/`search` from the route tree.
 */
const LinkBase = (props: MuiLinkProps & { ref?: Ref<HTMLAnchorElement> }) => <MuiLink {...props} />;
const ButtonBase = (props: ButtonProps<'a'> & { ref?: Ref<HTMLAnchorElement> }) => <Button component="a" {...props} />;
const MenuItemBase = (props: MenuItemProps<'a'> & { ref?: Ref<HTMLAnchorElement> }) => (
  <MenuItem component="a" {...props} />
);
const IconButtonBase = (props: IconButtonProps<'a'> & { ref?: Ref<HTMLAnchorElement> }) => (
  <IconButton component="a" {...props} />
);

const ListItemButtonBase = (props: ListItemButtonProps<'a'> & { ref?: Ref<HTMLAnchorElement> }) => (
  <ListItemButton component="a" {...props} />
);

const TabBase = (props: TabProps<'a'> & { ref?: Ref<HTMLAnchorElement> }) => <Tab component="a" {...props} />;

const CreatedLink = createLink(LinkBase);
const CreatedButton = createLink(ButtonBase);
const CreatedMenuItem = createLink(MenuItemBase);
const CreatedIconButton = createLink(IconButtonBase);
const CreatedListItemButton = createLink(ListItemButtonBase);

export const RouterLink: LinkComponent<typeof LinkBase> = (props) => <CreatedLink preload="intent" {...props} />;
export const ButtonLink: LinkComponent<typeof ButtonBase> = (props) => <CreatedButton preload="intent" {...props} />;
export const MenuItemLink: LinkComponent<typeof MenuItemBase> = (props) => <CreatedMenuItem {...props} />;
export const IconButtonLink: LinkComponent<typeof IconButtonBase> = (props) => (
  <CreatedIconButton preload="intent" {...props} />
);
export const ListItemButtonLink: LinkComponent<typeof ListItemButtonBase> = (props) => (
  <CreatedListItemButton preload="intent" {...props} />
);

/** A tab of a detail page's tab list (`DetailTabs`). */
export const TabLink = createLink(TabBase);
