/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Enterprise key used when index.html was not served by the API (development). */
  readonly VITE_ENTERPRISE_KEY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
