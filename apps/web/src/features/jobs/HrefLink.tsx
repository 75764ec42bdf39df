import type { MouseEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import MuiLink, { type LinkProps } from '@mui/material/Link';

/*
 * Links to a page whose search params are not declared yet (the applications list's `?job_id=&status=`, built by
 * another feature later): a real <a href> that the router follows in the app on a plain click.
 */
function useFollow(href: string) {
  const navigate = useNavigate();
  return (e: MouseEvent<HTMLAnchorElement>) => {
    // A modified click (new tab, new window) is left to the browser.
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    void navigate({ href });
  };
}

export function HrefLink({ href, ...props }: Omit<LinkProps, 'href' | 'onClick'> & { href: string }) {
  return <MuiLink href={href} onClick={useFollow(href)} {...props} />;
}

/** `/acme/jobs/jobs/edit?id=…` from the route's slugs, a path below the site and its query. */
export function sitePath(slugs: { account: string; site: string }, path: string, query: Record<string, string | undefined> = {}) {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v) search.set(k, v);
  const qs = search.toString();
  return `/${encodeURIComponent(slugs.account)}/${encodeURIComponent(slugs.site)}/${path}${qs ? `?${qs}` : ''}`;
}
