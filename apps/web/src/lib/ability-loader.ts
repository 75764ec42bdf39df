import type * as Ability from './ability';

/*
 * The signed-in user's permission checks (lib/ability.ts: CASL and the access package's rules) come with the
 * signed-in user, not with the first download: a signed-out visitor has no permissions to check. The user's query
 * (lib/current-user.ts) waits for them, so a user known to the app can always be checked; the root route also waits
 * for them before a signed-in navigation (app/root-route.tsx), as it does for the search schemas.
 */
type AbilityModule = typeof Ability;

let loaded: AbilityModule | null = null;
let loading: Promise<AbilityModule> | null = null;

/** The permission checks, once loaded (null before: nobody has signed in in this page yet). */
export const abilityModule = (): AbilityModule | null => loaded;

/** Fetches the permission checks once (a failed fetch is tried again on the next call). */
export function loadAbility(): Promise<AbilityModule> {
  loading ??= import('./ability').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}
