/**
 * Whether this build has the flow explorer (/flows, routes/flowsRoutes.tsx): decided at build time by
 * vite.config.ts (`flowExplorerIn`), which replaces `import.meta.env.FLOWS` with a literal. In a production build
 * it is `false`, so the routes, their lazy chunk and everything only they import are dead code that the bundler
 * drops. Tests (no Vite define) have it on.
 */
export const FLOWS_ENABLED: boolean = import.meta.env.FLOWS ?? true;
