// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { readSsrState, SSR_STATE_ID, ssrStateScript, type BoardSsrState } from './ssr-state';

const state: BoardSsrState = {
  language: 'en',
  wide: false,
  branding: null,
  queries: { mutations: [], queries: [] },
};

afterEach(() => {
  document.head.innerHTML = '';
});

describe('the state a server-rendered page carries', () => {
  it('cannot close its element early, whatever the data says, and reads back as it was written', () => {
    const evil = { ...state, language: '</script><script>window.__xss=1</script>' };
    const script = ssrStateScript(evil);
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    document.head.innerHTML = script;
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
    expect(readSsrState()).toEqual(evil);
  });

  it('is read once: the element leaves the page', () => {
    document.head.innerHTML = ssrStateScript(state);
    expect(readSsrState()).toEqual(state);
    expect(document.getElementById(SSR_STATE_ID)).toBeNull();
    expect(readSsrState()).toBeNull();
  });

  it('is null when the page has none or it is not JSON', () => {
    expect(readSsrState()).toBeNull();
    document.head.innerHTML = `<script type="application/json" id="${SSR_STATE_ID}">{not json</script>`;
    expect(readSsrState()).toBeNull();
  });
});
