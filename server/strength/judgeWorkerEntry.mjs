// The judge's worker thread starts here: Node 20 cannot load TypeScript in a worker by itself, and a worker's
// `--import tsx` does not reach its entry, so this plain module loads judgeWorker.ts through tsx's API (the server
// runs on tsx already: scripts/start.mjs). The same under vitest, which does not transform worker threads.
import { tsImport } from 'tsx/esm/api';

await tsImport('./judgeWorker.ts', import.meta.url);
