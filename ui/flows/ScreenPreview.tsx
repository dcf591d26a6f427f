import { type I18n, setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import type { AnyActorRef, AnyStateMachine } from 'xstate';
import type { Locale } from '../../api/contract/limits';
import { loadBundledCatalog } from '../../i18n/i18n';
import { Button } from '../components/Button';
import { Loader } from '../components/Loader';
import type { FlowScreen } from './flowScreens';
import { type PathStep, replay } from './replay';

export interface ScreenPreviewProps {
  machine: AnyStateMachine;
  screen: FlowScreen;
  steps: readonly PathStep[];
  locale: Locale;
}

/**
 * The preview's width: a phone's (390 px, the narrowest the site is designed for) or a desktop page's (on a wide
 * screen the panel then takes the page's whole width below the diagram: flows.css).
 */
type PreviewWidth = 'phone' | 'desktop';

interface Shown {
  actorRef: AnyActorRef;
  i18n: I18n;
}

/**
 * The real view of the flow, on a real actor replayed through `steps`, in `locale` (its own Lingui instance with
 * the bundled catalog, so the explorer around it keeps the visitor's language).
 */
export function ScreenPreview({ machine, screen, steps, locale }: ScreenPreviewProps) {
  const [shown, setShown] = useState<Shown>();
  const [width, setWidth] = useState<PreviewWidth>('phone');
  // The shown view titles the document as its page would (some parts later, once loaded lazily); the explorer's
  // page keeps its own title: whatever the view sets while shown is put back.
  const explorerTitle = useRef('');
  useEffect(() => {
    if (!shown) return;
    const title = document.querySelector('title');
    const keep = explorerTitle.current;
    const restore = () => {
      if (document.title !== keep) document.title = keep;
    };
    restore();
    if (!title) return;
    const observer = new MutationObserver(restore);
    observer.observe(title, { childList: true, characterData: true, subtree: true });
    return () => observer.disconnect();
  }, [shown]);
  useEffect(() => {
    let cancelled = false;
    let running: AnyActorRef | undefined;
    setShown(undefined);
    void (async () => {
      const messages = await loadBundledCatalog(locale);
      const i18n = setupI18n({ locale, messages: { [locale]: messages } });
      const actorRef = await replay(machine, screen.options(), steps);
      running = actorRef;
      if (cancelled) actorRef.stop();
      else {
        explorerTitle.current = document.title;
        setShown({ actorRef, i18n });
      }
    })();
    return () => {
      cancelled = true;
      running?.stop();
    };
  }, [machine, screen, steps, locale]);

  if (!shown) return <Loader />;
  return (
    <div className="flow-screen" data-testid="flow-screen" data-width={width}>
      <div className="flow-screen__widths">
        <Button variant="secondary" aria-pressed={width === 'phone'} onClick={() => setWidth('phone')}>
          <Trans>Phone width</Trans>
        </Button>
        <Button variant="secondary" aria-pressed={width === 'desktop'} onClick={() => setWidth('desktop')}>
          <Trans>Desktop width</Trans>
        </Button>
      </div>
      <div className="flow-screen__frame" lang={locale} data-testid="flow-screen-frame">
        <I18nProvider i18n={shown.i18n}>{screen.render(shown.actorRef)}</I18nProvider>
      </div>
      <p className="flow-screen__note">
        <Trans>
          The production view, on the machine after the steps above; its calls never leave the page.
        </Trans>
      </p>
    </div>
  );
}
