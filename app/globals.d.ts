export {};

declare global {
  interface Window {
    __remixManifest?: { version: string };
    /** The matched routes' modules, as Remix's scripts leave them before the entry runs. */
    __remixRouteModules?: Record<string, { handle?: unknown } | undefined>;
  }
}
