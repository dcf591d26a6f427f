import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text the browser loads: compressed once at build time, at the highest levels, never per request. */
const TEXT = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.txt', '.xml', '.webmanifest']);
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function* filesIn(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    // .vite/ holds the build's own reports (chunk modules): never served, never compressed.
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') yield* filesIn(path);
    } else if (TEXT.has(extname(entry.name))) yield path;
  }
}

/** Writes `<file>.br` and `<file>.gz` beside a file, each only when it is smaller than the file itself. */
export async function precompressFile(path: string): Promise<void> {
  const source = await readFile(path);
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < source.length) await writeFile(`${path}.br`, br);
  if (gz.length < source.length) await writeFile(`${path}.gz`, gz);
}

/**
 * After a build, every text file of the output gets its brotli and gzip forms beside it; the reference server
 * (server/site.ts) sends the one the browser accepts with Content-Encoding, so no request pays for compression.
 * Source maps are left as they are: they are not loaded by pages.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  let forServer = false;
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      // The server bundle of the first screens (scripts/firstScreenBundle.ts) is read from disk, never sent.
      forServer = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (forServer) return;
      const files: string[] = [];
      for await (const file of filesIn(outDir)) files.push(file);
      await Promise.all(files.map(precompressFile));
    },
  };
}
