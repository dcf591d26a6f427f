import { useLingui } from '@lingui/react/macro';
import { useContext, useId } from 'react';
import { THEMES, type Theme } from '../../api/contract/theme';
import { ThemeChoice, useShownTheme } from './themeChoice';

/**
 * The colour scheme of the site (docs/decisions/product.md: Dark mode): the system's setting, light or dark. A
 * change applies at once; the frame remembers it like the language.
 */
export function ThemeSwitcher() {
  const { t } = useLingui();
  const choose = useContext(ThemeChoice);
  const theme = useShownTheme();
  const id = useId();
  const names: Record<Theme, string> = { system: t`System`, light: t`Light`, dark: t`Dark` };
  return (
    <div className="ui-language">
      <label htmlFor={id}>{t`Theme`}</label>
      <select id={id} value={theme} onChange={(event) => choose(event.target.value as Theme)}>
        {THEMES.map((option) => (
          <option key={option} value={option}>
            {names[option]}
          </option>
        ))}
      </select>
    </div>
  );
}
