import { describe, expect, it } from 'vitest';
import { centredCrop, fitsBanner } from './banner-image';

describe('banner shape', () => {
  it('fits 4:1 images of at least 1000×250, and nothing else', () => {
    expect(fitsBanner({ width: 1000, height: 250 })).toBe(true);
    expect(fitsBanner({ width: 2000, height: 502 })).toBe(true);
    expect(fitsBanner({ width: 800, height: 600 })).toBe(false);
    expect(fitsBanner({ width: 400, height: 100 })).toBe(false);
    expect(fitsBanner({ width: 1000, height: 100 })).toBe(false);
  });

  it('crops the largest centred 4:1 part', () => {
    expect(centredCrop({ width: 800, height: 600 })).toEqual({ x: 0, y: 200, width: 800, height: 200 });
    expect(centredCrop({ width: 3000, height: 250 })).toEqual({ x: 1000, y: 0, width: 1000, height: 250 });
    expect(centredCrop({ width: 1000, height: 250 })).toEqual({ x: 0, y: 0, width: 1000, height: 250 });
  });
});
