// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scrollToAnchor } from './route-scroll';
import { waitFor } from '../test/wait';

afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
});

const anchor = (id: string) => {
  const el = document.createElement('section');
  el.id = id;
  el.scrollIntoView = vi.fn();
  return el;
};

describe('scrollToAnchor', () => {
  it('scrolls smoothly to an anchor that is already there', () => {
    const el = anchor('pricing');
    document.body.append(el);
    scrollToAnchor('pricing');
    expect(el.scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
  });

  it('waits for an anchor that a page renders after its data arrives', async () => {
    scrollToAnchor('late');
    const el = anchor('late');
    document.body.append(el);
    await waitFor(() => expect(el.scrollIntoView).toHaveBeenCalledOnce());
  });

  it('gives up after a while, so a late element never yanks the page', async () => {
    vi.useFakeTimers();
    scrollToAnchor('never');
    vi.advanceTimersByTime(5000);
    vi.useRealTimers();
    const el = anchor('never');
    document.body.append(el);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(el.scrollIntoView).not.toHaveBeenCalled();
  });
});
