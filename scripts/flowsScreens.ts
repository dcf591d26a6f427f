/**
 * `npm run flows:screens`: a screenshot of every state of every flow (machines/registry.ts) in each of the six
 * locales, taken in Chromium from the flow explorer (/flows) of the fake-service build, into flow-screens/
 * (gitignored) with an index.html beside them for a reviewer to open. Not part of `npm test`.
 *
 *   npm run flows:screens                       # build dist-fake, then every machine, every locale
 *   npm run flows:screens -- --machine login    # one machine (repeatable), --locale de-DE likewise, --no-build
 *
 * `npm run flows:diagrams` (`--diagrams`) saves instead every flow's diagram as the explorer's 'Download SVG' makes
 * it (the reader's words, the legend, stamped with title, language, date and release) into
 * flow-screens/<locale>/<machine>.svg, for a docs site: `npm run flows:diagrams -- --locale de-DE`.
 */
import { execSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { LOCALES } from '../api/contract/limits';
import { machines } from '../machines/registry';
import { launchChromium } from '../test/e2e/browser';
import { serveStatic } from '../test/e2e/staticServer';
import { describeMachine } from '../test/model/machineDefinition';
import { escapeHtml } from '../test/model/report/markup';

const OUT_DIR = resolve('flow-screens');

const { values } = parseArgs({
  options: {
    machine: { type: 'string', multiple: true },
    locale: { type: 'string', multiple: true },
    'no-build': { type: 'boolean' },
    diagrams: { type: 'boolean' },
  },
});
const names = values.machine?.length ? values.machine : Object.keys(machines);
const locales = values.locale?.length ? values.locale : [...LOCALES];
for (const name of names)
  if (!Object.hasOwn(machines, name)) throw new Error(`No machine '${name}' in the registry`);

interface Shot {
  machine: string;
  state: string;
  locale: string;
  file: string;
}

function indexPage(shots: Shot[]): string {
  const sections = names.map((machine) => {
    const states = [...new Set(shots.filter((shot) => shot.machine === machine).map((shot) => shot.state))];
    const rows = states.map((state) => {
      const cells = locales.map((locale) => {
        const shot = shots.find((s) => s.machine === machine && s.state === state && s.locale === locale);
        return shot
          ? `<td><a href="${shot.file}"><img src="${shot.file}" alt="${escapeHtml(`${machine} ${state} ${locale}`)}" loading="lazy"></a></td>`
          : '<td>—</td>';
      });
      return `<tr><th scope="row"><code>${escapeHtml(state)}</code></th>${cells.join('')}</tr>`;
    });
    return `<section id="${machine}"><h2>${machine}</h2><table><thead><tr><th scope="col">State</th>${locales
      .map((locale) => `<th scope="col">${locale}</th>`)
      .join('')}</tr></thead><tbody>${rows.join('')}</tbody></table></section>`;
  });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Flow screens</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.5rem;vertical-align:top;text-align:left}img{width:240px;height:auto;display:block}</style>
</head><body><h1>Flow screens</h1>
<p>Every state of every flow of machines/registry.ts in each locale, from the flow explorer (${shots.length} screenshots, ${new Date().toISOString()}).</p>
<nav><ul>${names.map((name) => `<li><a href="#${name}">${name}</a></li>`).join('')}</ul></nav>
${sections.join('\n')}
</body></html>
`;
}

function diagramsPage(diagrams: Array<Omit<Shot, 'state'>>): string {
  const sections = locales.map(
    (locale) =>
      `<section lang="${locale}"><h2>${locale}</h2>${diagrams
        .filter((diagram) => diagram.locale === locale)
        .map((diagram) => `<figure><img src="${diagram.file}" alt="${escapeHtml(diagram.machine)}"></figure>`)
        .join('\n')}</section>`,
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Flow diagrams</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem}img{max-width:100%;height:auto}figure{margin:0 0 2rem}</style>
</head><body><h1>Flow diagrams</h1>
${sections.join('\n')}
</body></html>
`;
}

async function main() {
  if (!values['no-build'])
    execSync('npx vite build --mode fake --outDir dist-fake --logLevel warn', {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  rmSync(OUT_DIR, { recursive: true, force: true });
  const site = await serveStatic(resolve('dist-fake'), '/root/');
  const browser = await launchChromium();
  const shots: Shot[] = [];
  const diagrams: Array<Omit<Shot, 'state'>> = [];
  try {
    for (const locale of locales) {
      const context = await browser.newContext({ locale, viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      for (const machine of names) {
        if (values.diagrams) {
          await page.goto(new URL(`flows/${machine}?locale=${locale}`, site.url).href);
          const [download] = await Promise.all([
            page.waitForEvent('download'),
            page.locator('.flow-diagram__downloads button').first().click(),
          ]);
          const file = join(locale, `${machine}.svg`);
          mkdirSync(join(OUT_DIR, locale), { recursive: true });
          await download.saveAs(join(OUT_DIR, file));
          diagrams.push({ machine, locale, file });
          console.log(`${locale} ${machine}: ${file}`);
          continue;
        }
        const states = describeMachine(machines[machine as keyof typeof machines]).states.map((s) => s.path);
        await page.goto(new URL(`flows/${machine}?locale=${locale}`, site.url).href);
        for (const state of states) {
          // Within the page, as a visitor would: click the state's button in the diagram.
          await page.locator(`li[data-state="${state}"] > button`).click();
          const panel = page.getByTestId('state-panel');
          await panel.getByRole('heading', { level: 2 }).filter({ hasText: state }).waitFor();
          await panel.locator('[data-testid="flow-screen"], [data-testid="no-screen"]').first().waitFor();
          // A lazily loaded part of the screen (the two-factor setup) shows the loader first; a state that is
          // itself loading keeps it, so the wait is short and its end is no error.
          await page
            .waitForFunction(() => !document.querySelector('[data-testid="flow-screen"] .ui-loader'), null, {
              timeout: 1500,
            })
            .catch(() => undefined);
          const file = join(locale, machine, `${state}.png`);
          mkdirSync(join(OUT_DIR, locale, machine), { recursive: true });
          // A modal sits over the whole page, not inside the panel: then the page is the picture.
          const modalOpen = (await page.locator('dialog[open]').count()) > 0;
          await (modalOpen ? page : panel).screenshot({ path: join(OUT_DIR, file), animations: 'disabled' });
          shots.push({ machine, state, locale, file });
          // A screen's modal (the device terms, a confirmation) holds the page as it would the site: closed, so
          // the next state's button can be clicked.
          await page.evaluate(() => {
            for (const dialog of document.querySelectorAll('dialog[open]'))
              (dialog as HTMLDialogElement).close();
          });
        }
        console.log(`${locale} ${machine}: ${states.length} states`);
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await site.close();
  }
  if (values.diagrams) {
    writeFileSync(join(OUT_DIR, 'index.html'), diagramsPage(diagrams));
    console.log(`${diagrams.length} diagrams in ${OUT_DIR} (open index.html)`);
    return;
  }
  writeFileSync(join(OUT_DIR, 'index.html'), indexPage(shots));
  console.log(`${shots.length} screenshots in ${OUT_DIR} (open index.html)`);
}

await main();
