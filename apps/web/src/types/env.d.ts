/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Enterprise key used when index.html was not served by the API (development). */
  readonly VITE_ENTERPRISE_KEY?: string;
  /** 'true' turns on the language switcher (spec §1: multi-language is disabled by default). */
  readonly VITE_MULTI_LANGUAGE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
