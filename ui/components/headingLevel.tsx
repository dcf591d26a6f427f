import { type ComponentPropsWithRef, createContext, createElement, type ReactNode, useContext } from 'react';

/** A heading's level, h1 to h6. */
export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

const HeadingLevelContext = createContext<HeadingLevel>(1);

/**
 * The level a heading drawn here takes: the one its container said (`HeadingsAt`, `Subheadings`); 1 outside any, so
 * a form or a setup that is the page (a landing page) titles it with an h1.
 */
export function useHeadingLevel(): HeadingLevel {
  return useContext(HeadingLevelContext);
}

/** The headings drawn in `children` take `level` (a page's sections: 2 under its h1). */
export function HeadingsAt({ level, children }: { level: HeadingLevel; children: ReactNode }) {
  return <HeadingLevelContext value={level}>{children}</HeadingLevelContext>;
}

/** The headings drawn in `children` are one level under the heading drawn here (a part's body under its title). */
export function Subheadings({ children }: { children: ReactNode }) {
  const level = useHeadingLevel();
  return <HeadingsAt level={level < 6 ? ((level + 1) as HeadingLevel) : 6}>{children}</HeadingsAt>;
}

/** An h1 to h6 at the level its container gives (`useHeadingLevel`). */
export function Heading(props: ComponentPropsWithRef<'h2'>) {
  return createElement(`h${useHeadingLevel()}`, props);
}
