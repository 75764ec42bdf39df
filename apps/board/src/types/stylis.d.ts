// stylis ships no types; emotion only needs the prefixer as a stylis plugin function.
declare module 'stylis' {
  import type { StylisPlugin } from '@emotion/cache';
  export const prefixer: StylisPlugin;
  export type Middleware = StylisPlugin;
}
