/**
 * The page template (dist/index.html) with the site's stylesheet inside it: the built <link rel="stylesheet">
 * becomes a <style> element, so the first screen the server draws (routes/firstScreen.tsx) paints as soon as the
 * HTML has arrived, without waiting for a second request. A drawn page loads its scripts after that paint
 * (afterPaintHtml). The CSP allows exactly that style and that loader by their hashes
 * (server/http/contentSecurityPolicy.ts), never inline styles or scripts at large.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SCRIPT_FAILURE_ID } from './pageNotices';

export interface PageTemplate {
  html: string;
  /**
   * The same page for a drawn first screen (routes/firstScreen.tsx): its module scripts and their preloads are not
   * tags but one small inline loader that adds them once the screen has painted, so the paint never waits for, nor
   * shares the line with, the scripts that only take it over.
   */
  afterPaintHtml: string;
  /** CSP sources of the inlined styles: `'sha256-…'`. */
  styleHashes: string[];
  /** CSP source of the loader: `'sha256-…'`. */
  scriptHashes: string[];
}

const STYLESHEET = /<link rel="stylesheet"(?: crossorigin)? href="\/assets\/([\w.-]+\.css)">/g;
const MODULE_SCRIPT = /\s*<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="(\/assets\/[\w.-]+\.js)">/g;
/**
 * A bound on the wait for the paint, should the browser never tell of one. A hidden tab paints nothing: it loads at
 * once, since nobody waits for its screen.
 */
const AFTER_PAINT_MS = 3000;

/**
 * The loader: preloads, then the entry, added to <head> once the first paint has been presented (the browser's
 * paint timing entry), so on a slow device the scripts' download and run never come before the screen they take
 * over, not even when that paint is late. Where paint timing is unknown, after the next frame.
 * An entry that fails to load (it, or a module it imports) shows the page's script-failure notice
 * (server/pageNotices.ts), so the drawn screen, inert without its scripts, does not stand there mute.
 */
const loaderOf = (entries: string[], preloads: string[]): string =>
  `(function(){var done=false;function failed(){var notice=document.getElementById(${JSON.stringify(SCRIPT_FAILURE_ID)});if(notice)notice.hidden=false}` +
  `function load(){if(done)return;done=true;var head=document.head;` +
  `${JSON.stringify(preloads)}.forEach(function(href){var link=document.createElement("link");link.rel="modulepreload";link.crossOrigin="";link.href=href;head.appendChild(link)});` +
  `${JSON.stringify(entries)}.forEach(function(src){var script=document.createElement("script");script.type="module";script.crossOrigin="";script.onerror=failed;script.src=src;head.appendChild(script)})}` +
  `if(document.visibilityState==="hidden"){load();return}` +
  `var types=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[];` +
  `if(types.indexOf("paint")>=0){new PerformanceObserver(function(list,observer){observer.disconnect();setTimeout(load)}).observe({type:"paint",buffered:true})}` +
  `else{requestAnimationFrame(function(){setTimeout(load)})}` +
  `setTimeout(load,${AFTER_PAINT_MS})})()`;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

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
      styleHashes.push(sha256(css));
      return `<style>${css}</style>`;
    });
    const entries = [...html.matchAll(MODULE_SCRIPT)].map(([, src = '']) => src);
    const preloads = [...html.matchAll(MODULE_PRELOAD)].map(([, href = '']) => href);
    const loader = loaderOf(entries, preloads);
    const afterPaintHtml = html
      .replace(MODULE_PRELOAD, '')
      .replace(MODULE_SCRIPT, '')
      .replace('</head>', `<script>${loader}</script></head>`);
    template = { html, afterPaintHtml, styleHashes, scriptHashes: [sha256(loader)] };
    return template;
  };
};
