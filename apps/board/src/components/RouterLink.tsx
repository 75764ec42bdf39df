import { createLink, type LinkComponent } from '@tanstack/react-router';
import Button, { type ButtonProps } from '@mui/material/Button';
import MuiLink, { type LinkProps as MuiLinkProps } from '@mui/material/Link';
import MenuItem, { type MenuItemProps } from '@mui/material/MenuItem';
import type { Ref } from 'react';

/*
 * Router-aware MUI controls: real <a href> elements (keyboard, middle-click and "open in new tab" all work) with
 * typed `to`/`params`/`search` from the route tree.
 */
const LinkBase = (props: MuiLinkProps & { ref?: Ref<HTMLAnchorElement> }) => <MuiLink {...props} />;
const ButtonBase = (props: ButtonProps<'a'> & { ref?: Ref<HTMLAnchorElement> }) => <Button component="a" {...props} />;
const MenuItemBase = (props: MenuItemProps<'a'> & { ref?: Ref<HTMLAnchorElement> }) => <MenuItem component="a" {...props} />;

const CreatedLink = createLink(LinkBase);
const CreatedButton = createLink(ButtonBase);
const CreatedMenuItem = createLink(MenuItemBase);

export const RouterLink: LinkComponent<typeof LinkBase> = (props) => <CreatedLink preload="intent" {...props} />;
export const ButtonLink: LinkComponent<typeof ButtonBase> = (props) => <CreatedButton preload="intent" {...props} />;
export const MenuItemLink: LinkComponent<typeof MenuItemBase> = (props) => <CreatedMenuItem {...props} />;
