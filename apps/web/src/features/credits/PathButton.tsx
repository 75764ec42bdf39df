import type { MouseEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import Button, { type ButtonProps } from '@mui/material/Button';

/**
 * A button-looking link to a portal path known only at run time (a `return_to`): a real <a href> (new tab and
 * copy link work) that the router follows in the app on a plain click.
 */
export function PathButton({ href, ...props }: Omit<ButtonProps<'a'>, 'href' | 'onClick' | 'component'> & { href: string }) {
  const navigate = useNavigate();
  const follow = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    void navigate({ href });
  };
  return <Button component="a" href={href} onClick={follow} {...props} />;
}
