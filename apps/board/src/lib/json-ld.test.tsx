// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { JOB_POSTING_LD_ID, jsonLdText, useJsonLd } from './json-ld';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('job posting JSON-LD', () => {
  it('can never close its <script> early', () => {
    const text = jsonLdText({ description: '<p>Hi</p></script><script>alert(1)</script>' });
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual({ description: '<p>Hi</p></script><script>alert(1)</script>' });
  });

  it('is in <head> while the page is shown and gone after', () => {
    function Page({ data }: { data: unknown }) {
      useJsonLd(data);
      return null;
    }
    const root = createRoot(document.createElement('div'));
    act(() => root.render(<Page data={{ '@type': 'JobPosting', title: 'Cook' }} />));
    const script = document.getElementById(JOB_POSTING_LD_ID);
    expect(script?.getAttribute('type')).toBe('application/ld+json');
    expect(script?.parentElement).toBe(document.head);
    expect(JSON.parse(script!.textContent!)).toEqual({ '@type': 'JobPosting', title: 'Cook' });
    act(() => root.render(<Page data={{ '@type': 'JobPosting', title: 'Chef' }} />));
    expect(document.querySelectorAll(`#${JOB_POSTING_LD_ID}`)).toHaveLength(1);
    expect(document.getElementById(JOB_POSTING_LD_ID)!.textContent).toContain('Chef');
    act(() => root.unmount());
    expect(document.getElementById(JOB_POSTING_LD_ID)).toBeNull();
  });
});
