import { type I18n, setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import type { AnyActorRef, AnyStateMachine } from 'xstate';
import type { Locale } from '../../api/contract/limits';
import { loadBundledCatalog } from '../../i18n/i18n';
import { Loader } from '../components/Loader';
import type { FlowScreen } from './flowScreens';
import { type PathStep, replay } from './replay';

export interface ScreenPreviewProps {
  machine: AnyStateMachine;
  screen: FlowScreen;
  steps: readonly PathStep[];
  locale: Locale;
}

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
  // The shown view titles the document as its page would; the explorer's page keeps its own title: the title as
  // it was when this rendered is put back by an effect that runs after the view's own (children first).
  const explorerTitle = useRef('');
  explorerTitle.current = document.title;
  useEffect(() => {
    document.title = explorerTitle.current;
  });
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
      else setShown({ actorRef, i18n });
    })();
    return () => {
      cancelled = true;
      running?.stop();
    };
  }, [machine, screen, steps, locale]);

  if (!shown) return <Loader />;
  return (
    <div className="flow-screen" lang={locale} data-testid="flow-screen">
      <I18nProvider i18n={shown.i18n}>{screen.render(shown.actorRef)}</I18nProvider>
      <p className="flow-screen__note">
        <Trans>
          The production view, on the machine after the steps above; its calls never leave the page.
        </Trans>
      </p>
    </div>
  );
}
