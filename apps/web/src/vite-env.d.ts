/// <reference types="vite/client" />

/** The app's package version, injected at build time (vite.config.ts `define`). */
declare const __APP_VERSION__: string;

interface ImportMetaEnv {
  /** Per-request timeout in milliseconds; see src/lib/config.ts. */
  readonly VITE_REQUEST_TIMEOUT_MS?: string;
  /** Where the API lives; defaults to the same origin's /api. */
  readonly VITE_API_BASE?: string;
  /** Demo assets per claim shown before the first claim (mirror of the server's DEMO_AMOUNT); see src/lib/config.ts. */
  readonly VITE_DEMO_AMOUNT?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
