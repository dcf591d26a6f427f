import { useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { LandingLayout } from '../ui/components';
import { footerLinks } from './site/footerLinks';

/**
 * The same frame for a page outside the landing layout's routes (the legal pages, the magic-link page, the
 * company start pages, the not-found page): logo home link, card and footer, so no page is a dead end.
 */
export function LandingFrame({ children, width }: { children: ReactNode; width?: 'narrow' | 'wide' }) {
  const { site } = useRouter().options.context;
  return (
    <LandingLayout homeHref={site.basePath} footerLinks={footerLinks(site)} width={width}>
      {children}
    </LandingLayout>
  );
}
