/**
 * Whether this build has the flow explorer (/flows, routes/flowsRoutes.tsx): decided at build time by
 * vite.config.ts (`flowExplorerIn`), which replaces `import.meta.env.FLOWS` with a literal. A build without it also
 * loads an empty routes/flowsRoutes.tsx (vite.config.ts `flowExplorer`), so neither the routes nor their lazy
 * chunk exist there. Tests (no Vite define) have it on.
 */
export const FLOWS_ENABLED: boolean = import.meta.env.FLOWS ?? true;
