/**
 * `npm run bench:ops`: what the request log and the metrics cost a request (scripts/benchOpsCost.ts), alone,
 * printed as rows of docs/benchmarks.md's table. `npm run bench` measures and writes the same rows with the rest.
 */
import { opsCostRows } from './benchOpsCost';

for (const [what, value] of await opsCostRows()) console.log(`| ${what} | ${value} |`);
