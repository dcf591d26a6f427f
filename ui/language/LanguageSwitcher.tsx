import { useLingui } from '@lingui/react/macro';
import { useContext, useId } from 'react';
import { LOCALES, type Locale } from '../../api/contract/limits';
import { LOCALE_NAMES } from '../../i18n/chosenLocale';
import { LanguageChoice } from './languageChoice';

/**
 * The language of the site (docs/decisions/product.md: Languages): every locale named in its own language (and marked
 * with it, so a screen reader pronounces it right). A change applies at once, without a reload; the frame
 * remembers it.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useLingui();
  const choose = useContext(LanguageChoice);
  const id = useId();
  return (
    <div className="ui-language">
      <label htmlFor={id}>{t`Language`}</label>
      <select id={id} value={i18n.locale} onChange={(event) => choose(event.target.value as Locale)}>
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
    </div>
  );
}
