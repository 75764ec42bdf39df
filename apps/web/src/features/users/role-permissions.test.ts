import { describe, expect, it } from 'vitest';
import { allGranted, granted, otherRules, samePermissions, toggle, toggleAll, toggleFullAccess } from './role-permissions';

const ACTIONS = ['view', 'create', 'update', 'delete'];

describe('role permissions in the grid', () => {
  it('ticks and unticks one action', () => {
    expect(toggle([], 'jobs', 'view', ACTIONS)).toEqual(['jobs.view']);
    expect(toggle(['jobs.view', 'seekers.view'], 'jobs', 'view', ACTIONS)).toEqual(['seekers.view']);
  });

  it('unticking one action of a whole subject keeps its other actions', () => {
    expect(toggle(['jobs.all', 'seekers.view'], 'jobs', 'delete', ACTIONS)).toEqual(['seekers.view', 'jobs.view', 'jobs.create', 'jobs.update']);
  });

  it('the row toggle replaces single actions with subject.all and takes it away again', () => {
    const on = toggleAll(['jobs.view', 'jobs.update', 'seekers.view'], 'jobs');
    expect(on).toEqual(['seekers.view', 'jobs.all']);
    expect(allGranted(on, 'jobs')).toBe(true);
    expect(granted(on, 'jobs', 'delete')).toBe(true);
    expect(toggleAll(on, 'jobs')).toEqual(['seekers.view']);
  });

  it('keeps exceptions and unknown permissions out of the grid but in the list', () => {
    const perms = ['all', '!jobs.delete', 'jobs.view', 'robots.view'];
    expect(otherRules(perms, ['jobs'], ACTIONS)).toEqual(['!jobs.delete', 'robots.view']);
    expect(toggleAll(['jobs.view', '!jobs.delete'], 'jobs')).toEqual(['!jobs.delete', 'jobs.all']);
    expect(toggleFullAccess(perms)).toEqual(['!jobs.delete', 'jobs.view', 'robots.view']);
  });

  it('compares lists regardless of order', () => {
    expect(samePermissions(['a.view', 'b.view'], ['b.view', 'a.view'])).toBe(true);
    expect(samePermissions(['a.view'], ['a.view', 'b.view'])).toBe(false);
  });
});
