import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Channel } from '../../api/contract/lists';
import { messages as german } from '../../i18n/locales/de-DE/messages.po';
import { CHANNELS_DEFAULT_SORT } from '../../machines/lists/lists.rules';
import { ChannelsTable } from './ChannelsTable';

const channel: Channel = {
  id: '1',
  name: 'Newsroom',
  subdomain: 'newsroom',
  role: 'staff-access',
  ownerName: 'Owner',
  organisationName: 'Acme',
  created: new Date(Date.UTC(2026, 0, 1)),
  updated: new Date(Date.UTC(2026, 1, 1)),
  archived: false,
  url: 'https://newsroom-acme.example.test',
};

describe('the channels table names the role in words (spec 3 roles)', () => {
  it("shows 'staff-access' as 'Mitarbeiterzugang' in German, never the identifier", () => {
    const i18n = setupI18n({ locale: 'de-DE', messages: { 'de-DE': german } });
    render(
      <I18nProvider i18n={i18n}>
        <ChannelsTable
          channels={[channel]}
          query=""
          Fuse={undefined}
          sort={CHANNELS_DEFAULT_SORT}
          page={1}
          onSortChange={() => {}}
          onPageChange={() => {}}
        />
      </I18nProvider>,
    );
    expect(screen.getByRole('cell', { name: 'Mitarbeiterzugang' })).toBeTruthy();
    expect(screen.queryByText('staff-access')).toBeNull();
  });
});
