import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { expect } from 'vitest';
import { modelFor, testModel } from '../../test/model';
import { BrandedWelcome } from '../../ui/brand/BrandedWelcome';
import { organisationBrandMachine } from './organisationBrand.machine';
import { organisationBrandSamples } from './organisationBrand.samples';

const model = modelFor(organisationBrandMachine, organisationBrandSamples);
const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });

testModel(model, {
  screen: {
    render: (actorRef) => (
      <I18nProvider i18n={i18n}>
        <h1>
          <BrandedWelcome actorRef={actorRef} fallback="Welcome to LIT" />
        </h1>
      </I18nProvider>
    ),
    stateAssertions: {
      // The page's own words while it asks, never an empty heading or a broken image.
      loading: (screen) => {
        expect(screen.getByRole('heading', { name: 'Welcome to LIT' })).toBeTruthy();
        expect(document.querySelector('img')).toBeNull();
      },
      shown: (screen, snapshot) => {
        expect(screen.getByRole('heading', { name: 'Welcome to LIT Learning' })).toBeTruthy();
        expect(document.querySelector('.ui-brand img')?.getAttribute('src')).toBe(
          snapshot.context.brand?.logoUrl,
        );
      },
      unbranded: (screen) => {
        expect(screen.getByRole('heading', { name: 'Welcome to LIT' })).toBeTruthy();
        expect(document.querySelector('.ui-brand')).toBeNull();
      },
    },
  },
});
