import type * as SearchSchemas from './search-schemas';

type Schemas = typeof SearchSchemas;

/** The Standard Schema shape TanStack Router validates search with (zod's schemas have it too). */
type Types<K extends keyof Schemas> = NonNullable<Schemas[K]['~standard']['types']>;
type Result<O> = { readonly value: O; readonly issues?: undefined } | { readonly issues: ReadonlyArray<{ readonly message: string }> };
interface SearchValidator<I, O> {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly types?: { readonly input: I; readonly output: O };
    readonly validate: (value: unknown) => Result<O> | Promise<Result<O>>;
  };
}

let schemas: Schemas | null = null;
let loading: Promise<void> | null = null;

export const searchSchemasLoaded = () => schemas !== null;

/** Fetches the signed-in pages' search schemas once (a failed fetch is tried again on the next call). */
export function loadSearchSchemas(): Promise<void> {
  loading ??= import('./search-schemas').then(
    (module) => {
      schemas = module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * `validateSearch` of a signed-in route: the named schema, fetched with sign-in rather than with the first page.
 * It is loaded before a signed-in user's first navigation (app/init.ts, and the root route for a fresh sign-in);
 * until then only a signed-out visitor reaches these routes, and the guard sends them to login with the search
 * untouched. Typed as the schema itself, so links and `useSearch` see the same input and output types.
 */
export function signedInSearch<K extends keyof Schemas>(name: K): SearchValidator<Types<K>['input'], Types<K>['output']> {
  return {
    '~standard': {
      version: 1,
      vendor: 'hireline',
      validate: (value: unknown) =>
        schemas ? (schemas[name]['~standard'].validate(value) as Result<Types<K>['output']>) : { value: value as Types<K>['output'] },
    },
  };
}
