import { createContext } from 'react';
import type { Locale } from '../../api/contract/limits';

/**
 * How a view asks for another language: the frame (routes/root.tsx) remembers the choice and tells the language
 * actor. Without a frame (a screen test) nothing happens.
 */
export const LanguageChoice = createContext<(locale: Locale) => void>(() => {});
