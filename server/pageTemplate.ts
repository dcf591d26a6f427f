/**
 * The page template (dist/index.html) with the site's stylesheet inside it: the built <link rel="stylesheet">
 * becomes a <style> element, so the first screen the server draws (routes/firstScreen.tsx) paints as soon as the
 * HTML has arrived, without waiting for a second request. The CSP allows exactly that style by its hash
 * (server/http/contentSecurityPolicy.ts), never inline styles at large.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface PageTemplate {
  html: string;
  /** CSP sources of the inlined styles: `'sha256-…'`. */
  styleHashes: string[];
}

const STYLESHEET = /<link rel="stylesheet"(?: crossorigin)? href="\/assets\/([\w.-]+\.css)">/g;

/** The template with its stylesheets inlined; read once, on first use (a missing build is tried again). */
export const pageTemplate = (indexFile: string) => {
  let template: PageTemplate | undefined;
  return (): PageTemplate => {
    if (template) return template;
    const styleHashes: string[] = [];
    const html = readFileSync(indexFile, 'utf8').replace(STYLESHEET, (_link, file: string) => {
      // `</style` cannot occur in built CSS except inside a string, which a minifier never emits for our sheets;
      // refuse rather than trust it.
      const css = readFileSync(path.join(path.dirname(indexFile), 'assets', file), 'utf8');
      if (/<\/style/i.test(css)) throw new Error(`${file} cannot be inlined`);
      styleHashes.push(`'sha256-${createHash('sha256').update(css).digest('base64')}'`);
      return `<style>${css}</style>`;
    });
    template = { html, styleHashes };
    return template;
  };
};
