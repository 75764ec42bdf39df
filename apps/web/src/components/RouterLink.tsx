import { createLink, type LinkComponent } from '@tanstack/react-router';
import Button, { type ButtonProps } from '@mui/material/Button';
import MuiLink, { type LinkProps as MuiLinkProps } from '@mui/material/Link';
import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import type { Ref } from 'react';

/*
 * Router-aware MUI controls: they render real <a href> elements (keyboard, middle-click, "open in new tab" all
 * work) with typed `to`/`params`/`search` from the route tree. Menu, list and tab links live in RouterMenuLinks.tsx
 * and TabLink.tsx, so a page that only needs a link (the login page) does not download menus and tabs.
 */
const LinkBase = (props: MuiLinkProps & { ref?: Ref<HTMLAnchorElement> }) => <MuiLink {...props} />;
const ButtonBase = (props: ButtonProps<'a'> & { ref?: Ref<HTMLAnchorElement> }) => <Button component="a" {...props} />;
const IconButtonBase = (props: IconButtonProps<'a'> & { ref?: Ref<HTMLAnchorElement> }) => (
  <IconButton component="a" {...props} />
);

const CreatedLink = createLink(LinkBase);
const CreatedButton = createLink(ButtonBase);
const CreatedIconButton = createLink(IconButtonBase);

export const RouterLink: LinkComponent<typeof LinkBase> = (props) => <CreatedLink preload="intent" {...props} />;
export const ButtonLink: LinkComponent<typeof ButtonBase> = (props) => <CreatedButton preload="intent" {...props} />;
export const IconButtonLink: LinkComponent<typeof IconButtonBase> = (props) => (
  <CreatedIconButton preload="intent" {...props} />
);
