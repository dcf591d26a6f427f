import { I18nProvider } from '@lingui/react';
import { useSelector } from '@xstate/react';
import { type ReactNode, useEffect, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { Locale } from '../../api/contract/limits';
import { activateLocale, i18n } from '../../i18n/i18n';
import type { languageMachine } from '../../machines/language/language.machine';

export interface LanguageGateProps {
  actorRef: ActorRefFrom<typeof languageMachine>;
  children: ReactNode;
}

/**
 * Holds the app back until its language is ready (spec 4 Language loading): a quiet loader while the texts are
 * requested, then the locale is activated (the call's texts, or the bundled catalog when the call failed) and the
 * app renders inside Lingui's provider. A later locale change keeps the app on screen in the old language until
 * the new one is active, so no form loses what the user typed.
 */
export function LanguageGate({ actorRef, children }: LanguageGateProps) {
  const busy = useSelector(actorRef, (snapshot) => snapshot.hasTag('busy'));
  const locale = useSelector(actorRef, (snapshot) => snapshot.context.locale);
  const texts = useSelector(actorRef, (snapshot) => snapshot.context.texts);
  // A page whose first screen came with it (routes/firstScreen.tsx, main.tsx) has its language active already:
  // the app then shows at once, as the server drew it, instead of a loader first.
  const [activeLocale, setActiveLocale] = useState<Locale | null>(() =>
    i18n.locale === locale ? locale : null,
  );

  useEffect(() => {
    if (busy) return;
    let current = true;
    activateLocale(locale, texts).then(() => {
      if (current) setActiveLocale(locale);
    });
    return () => {
      current = false;
    };
  }, [busy, locale, texts]);

  if (activeLocale === null) return <QuietLoader />;
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}

/**
 * Shown before any catalog is active, so its label cannot come from Lingui. The spinner fades in only after
 * 300 ms: a fast load shows a blank page instead of a flash.
 */
function QuietLoader() {
  return (
    // <output> carries the implicit role "status": a polite live region.
    <output
      aria-label="Loading"
      style={{ display: 'grid', placeItems: 'center', minHeight: '100vh', width: '100%' }}
    >
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" opacity="0">
        <circle
          cx="16"
          cy="16"
          r="13"
          fill="none"
          stroke="currentColor"
          strokeOpacity="0.15"
          strokeWidth="3"
        />
        <path
          d="M16 3a13 13 0 0 1 13 13"
          fill="none"
          stroke="currentColor"
          strokeOpacity="0.5"
          strokeWidth="3"
        >
          <animateTransform
            attributeName="transform"
            type="rotate"
            from="0 16 16"
            to="360 16 16"
            dur="0.9s"
            repeatCount="indefinite"
          />
        </path>
        <set attributeName="opacity" to="1" begin="0.3s" />
      </svg>
    </output>
  );
}
