import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  actions,
  buildAbility,
  can,
  permissionsFor,
  rulesFor,
  subjects,
  type Action,
  type PermissionsMap,
  type SelectedScope,
  type Subject,
} from './ability';

const SITE_A = '6f1c2a8e-0000-4000-8000-00000000000a';
const SITE_B = '6f1c2a8e-0000-4000-8000-00000000000b';
const ACCOUNT = '6f1c2a8e-0000-4000-8000-0000000000ac';
const EMPLOYER = '6f1c2a8e-0000-4000-8000-0000000000e1';

/** Every check the vocabulary allows, as `action:subject` (prefixed `strict ` for strict checks), that passes. */
function granted(permissions: PermissionsMap, scope: SelectedScope = {}): Set<string> {
  const ability = buildAbility(permissions, scope);
  const out = new Set<string>();
  for (const subject of subjects) {
    for (const action of actions) {
      if (can(ability, action, subject)) out.add(`${action}:${subject}`);
      if (can(ability, action, subject, { strict: true })) out.add(`strict ${action}:${subject}`);
    }
  }
  return out;
}

const baseline = new Set(['access:portal', 'strict access:portal']);

function check(permissions: PermissionsMap, scope: SelectedScope = {}) {
  const ability = buildAbility(permissions, scope);
  return (action: Action, subject: Subject, strict = false) => can(ability, action, subject, { strict });
}

describe('scope keys', () => {
  it('counts enterprise always and a scoped key only while that account, site or employer is selected', () => {
    const perms = {
      enterprise: ['dashboard.view'],
      [`account:${ACCOUNT}`]: ['accounts.view'],
      [`site:${SITE_A}`]: ['sites.view'],
      [`employer:${EMPLOYER}`]: ['employers.view'],
    };
    const none = check(perms, {});
    expect(none('view', 'dashboard')).toBe(true);
    expect(none('view', 'accounts') || none('view', 'sites') || none('view', 'employers')).toBe(false);

    const all = check(perms, { accountId: ACCOUNT, siteId: SITE_A, employerId: EMPLOYER });
    expect(['accounts', 'sites', 'employers'].every((s) => all('view', s as Subject))).toBe(true);

    const other = check(perms, { accountId: SITE_A, siteId: SITE_B, employerId: null });
    expect(other('view', 'dashboard')).toBe(true);
    expect(other('view', 'accounts') || other('view', 'sites') || other('view', 'employers')).toBe(false);
  });

  it('matches a key only against its own kind of scope', () => {
    const ask = check({ [`account:${SITE_A}`]: ['jobs.view'] }, { siteId: SITE_A, employerId: SITE_A });
    expect(ask('view', 'jobs')).toBe(false);
  });

  it('switches with the selected site for a user with different permissions on two sites', () => {
    const perms = { [`site:${SITE_A}`]: ['jobs.view'], [`site:${SITE_B}`]: ['jobs.delete', 'applications.view'] };
    const onA = check(perms, { accountId: ACCOUNT, siteId: SITE_A });
    const onB = check(perms, { accountId: ACCOUNT, siteId: SITE_B });
    expect([onA('view', 'jobs'), onA('delete', 'jobs'), onA('view', 'applications')]).toEqual([true, false, false]);
    expect([onB('view', 'jobs'), onB('delete', 'jobs'), onB('view', 'applications')]).toEqual([false, true, true]);
  });
});

describe('permission strings', () => {
  it('reads subject.action as that action on that subject only', () => {
    expect(granted({ enterprise: ['jobs.view'] })).toEqual(
      new Set([...baseline, 'access:jobs', 'strict access:jobs', 'view:jobs', 'strict view:jobs']),
    );
  });

  it('reads the action all as manage on the subject', () => {
    const ask = check({ enterprise: ['jobs.all'] });
    expect(actions.every((a) => ask(a, 'jobs'))).toBe(true);
    expect(ask('view', 'applications')).toBe(false);
    expect(rulesFor({ enterprise: ['jobs.all'] }, {})).toContainEqual({ action: 'manage', subject: 'jobs' });
  });

  it('reads the value all as manage on everything', () => {
    const ask = check({ [`site:${SITE_A}`]: ['all'] }, { siteId: SITE_A });
    expect(subjects.every((s) => actions.every((a) => ask(a, s)))).toBe(true);
    expect(rulesFor({ enterprise: ['all'] }, {})).toContainEqual({ action: 'manage', subject: 'all' });
  });

  it('grants access on every subject that appears in a granted permission', () => {
    const ask = check({ enterprise: ['jobs.view', 'credits.purchase', 'settings.all'] });
    for (const subject of ['jobs', 'credits', 'settings'] as const) expect(ask('access', subject, true)).toBe(true);
    expect(ask('access', 'applications')).toBe(false);
  });

  it('grants only access on portal to an empty map', () => {
    expect(granted({})).toEqual(baseline);
    expect(rulesFor({}, {})).toEqual([{ action: 'access', subject: 'portal' }]);
  });

  it('ignores unknown keys, subjects, actions and malformed values without throwing', () => {
    const junk = {
      site: ['all'],
      'site:': ['all'],
      ':x': ['all'],
      'enterprise:x': ['all'],
      [`tenant:${SITE_A}`]: ['all'],
      enterprise: ['jobs', 'jobs.fly', 'rockets.view', 'jobs.view.extra', 'JOBS.VIEW', '', '!', '!!jobs.view', ' jobs.view'],
      [`account:${ACCOUNT}`]: [42, null, { a: 1 }] as unknown as string[],
      [`employer:${EMPLOYER}`]: 'all' as unknown as string[],
    };
    const scope = { accountId: ACCOUNT, siteId: SITE_A, employerId: EMPLOYER };
    expect(() => buildAbility(junk, scope)).not.toThrow();
    expect(granted(junk, scope)).toEqual(baseline);
    expect(granted(null as unknown as PermissionsMap, null as unknown as SelectedScope)).toEqual(baseline);
  });
});

describe('checks', () => {
  it('lets all satisfy any action unless strict', () => {
    const ask = check({ enterprise: ['jobs.all'] });
    expect(ask('delete', 'jobs')).toBe(true);
    expect(ask('delete', 'jobs', true)).toBe(false);
    expect(ask('all', 'jobs', true)).toBe(true);
  });

  it('in strict mode, requires a grant naming the action itself', () => {
    expect(check({ enterprise: ['jobs.view', 'jobs.all'] })('view', 'jobs', true)).toBe(true);
    expect(check({ enterprise: ['jobs.create'] })('view', 'jobs', true)).toBe(false);
    // A manage-everything user still passes strict access (access is granted on `all`) and strict `all`.
    const admin = check({ enterprise: ['all'] });
    expect([admin('view', 'jobs', true), admin('access', 'jobs', true), admin('all', 'users', true)]).toEqual([
      false,
      true,
      true,
    ]);
    // subject `all` with a named action is an exact grant on every subject.
    expect(check({ enterprise: ['all.export'] })('export', 'applications', true)).toBe(true);
  });

  it('lets inverted rules beat positive ones, including all, wherever they are written', () => {
    expect(check({ enterprise: ['!jobs.delete', 'jobs.delete'] })('delete', 'jobs')).toBe(false);

    const admin = check({ enterprise: ['all', '!jobs.delete'] });
    expect([admin('delete', 'jobs'), admin('view', 'jobs'), admin('delete', 'users')]).toEqual([false, true, true]);
    expect(admin('all', 'jobs')).toBe(false);
    expect(admin('all', 'users')).toBe(true);

    const perms = { enterprise: ['all'], [`site:${SITE_A}`]: ['!jobs.delete'] };
    expect(check(perms, { siteId: SITE_A })('delete', 'jobs')).toBe(false);
    expect(check(perms, { siteId: SITE_B })('delete', 'jobs')).toBe(true);

    const noJobs = check({ enterprise: ['jobs.all', '!jobs.all'] });
    expect([noJobs('access', 'jobs'), noJobs('view', 'jobs')]).toEqual([false, false]);
    expect(check({ enterprise: ['jobs.view', '!jobs.view'] })('view', 'jobs', true)).toBe(false);
    expect(check({ enterprise: ['jobs.view', '!jobs.all'] })('view', 'jobs', true)).toBe(false);
    expect(check({ enterprise: ['!portal.access'] })('access', 'portal')).toBe(false);
  });

  it('does not grant access on a subject that only appears inverted', () => {
    expect(granted({ enterprise: ['!jobs.delete'] })).toEqual(baseline);
  });

  it('places inverted rules after positive ones and de-duplicates rules', () => {
    const rules = rulesFor({ enterprise: ['!jobs.delete', 'jobs.view', 'jobs.view'], site: ['x'] }, {});
    expect(rules).toEqual([
      { action: 'access', subject: 'portal' },
      { action: 'view', subject: 'jobs' },
      { action: 'access', subject: 'jobs' },
      { action: 'delete', subject: 'jobs', inverted: true },
    ]);
  });
});

describe('properties', () => {
  const subjectOrAll = fc.constantFrom<string>(...subjects, 'all');
  const permission = fc.oneof(
    { weight: 6, arbitrary: fc.tuple(subjectOrAll, fc.constantFrom<string>(...actions)).map(([s, a]) => `${s}.${a}`) },
    { weight: 1, arbitrary: fc.constant('all') },
    { weight: 1, arbitrary: fc.string() },
  );
  const positive = permission;
  const anyPermission = fc.tuple(fc.boolean(), permission).map(([neg, p]) => (neg ? `!${p}` : p));
  const list = fc.array(anyPermission, { maxLength: 8 });
  const ids = fc.constantFrom(SITE_A, SITE_B, ACCOUNT, EMPLOYER);
  const scope = fc.record(
    { accountId: fc.option(ids), siteId: fc.option(ids), employerId: fc.option(ids) },
    { requiredKeys: [] },
  );
  const isSubset = (a: Set<string>, b: Set<string>) => [...a].every((x) => b.has(x));

  it('a permission on an unselected scope never grants anything but the baseline', () => {
    fc.assert(
      fc.property(list, scope, fc.constantFrom('account', 'site', 'employer'), fc.uuid(), (perms, sc, kind, id) => {
        const selected = { account: sc.accountId, site: sc.siteId, employer: sc.employerId }[kind];
        fc.pre(selected !== id);
        expect(granted({ [`${kind}:${id}`]: perms }, sc)).toEqual(baseline);
      }),
    );
  });

  it('a selected scoped key acts exactly like enterprise', () => {
    fc.assert(
      fc.property(list, fc.constantFrom('accountId', 'siteId', 'employerId'), (perms, field) => {
        const kind = field.replace('Id', '');
        expect(granted({ [`${kind}:${SITE_A}`]: perms }, { [field]: SITE_A })).toEqual(granted({ enterprise: perms }));
      }),
    );
  });

  it('adding an inverted rule never increases what can be done', () => {
    fc.assert(
      fc.property(list, list, permission, fc.constantFrom('enterprise', `site:${SITE_A}`), (a, b, p, key) => {
        const before = granted({ enterprise: a, [`site:${SITE_A}`]: b }, { siteId: SITE_A });
        const perms = { enterprise: a, [`site:${SITE_A}`]: b };
        perms[key] = [...perms[key]!, `!${p}`];
        expect(isSubset(granted(perms, { siteId: SITE_A }), before)).toBe(true);
      }),
    );
  });

  it('adding a positive permission never removes anything', () => {
    fc.assert(
      fc.property(list, positive, (perms, p) => {
        expect(isSubset(granted({ enterprise: perms }), granted({ enterprise: [p, ...perms] }))).toBe(true);
      }),
    );
  });

  it('never throws and always keeps the baseline unless portal access is inverted', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.array(fc.string())), scope, (perms, sc) => {
        const result = granted(perms, sc);
        const blocked = Object.values(perms).some((v) => v.includes('!portal.access') || v.includes('!all'));
        if (!blocked) expect(result.has('access:portal')).toBe(true);
      }),
    );
  });
});

describe('permissionsFor', () => {
  it('merges pairs per scope key with de-duplicated values', () => {
    expect(
      permissionsFor([
        { key: 'enterprise', permissions: ['jobs.view'] },
        { key: `site:${SITE_A}`, permissions: ['jobs.view', 'jobs.create'] },
        { key: `site:${SITE_A}`, permissions: ['jobs.create', 'jobs.delete'] },
        { key: 'enterprise', permissions: ['jobs.view'] },
        { key: `site:${SITE_B}`, permissions: [] },
      ]),
    ).toEqual({
      enterprise: ['jobs.view'],
      [`site:${SITE_A}`]: ['jobs.view', 'jobs.create', 'jobs.delete'],
      [`site:${SITE_B}`]: [],
    });
    expect(permissionsFor([])).toEqual({});
  });
});
