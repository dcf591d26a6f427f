/**
 * A file of the project by its path from the project's root, the same from the sources (this file is in server/) and
 * from the compiled server (dist-server/main.mjs, one folder deep too: scripts/buildServer.mjs bundles this module
 * into it). Every file the server reads beside its code (migrations, catalogues, the OpenAPI document, the site's
 * build) is found through it.
 */
import { fileURLToPath } from 'node:url';

export const projectPath = (fromRoot: string): string =>
  fileURLToPath(new URL(`../${fromRoot}`, import.meta.url));
