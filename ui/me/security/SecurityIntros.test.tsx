import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { changeEmailMachine } from '../../../machines/changeEmail/changeEmail.machine';
import { deleteAccountMachine } from '../../../machines/deleteAccount/deleteAccount.machine';
import { ChangeEmailPart } from './ChangeEmailPart';
import { DeleteAccountPart } from './DeleteAccountPart';

const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });
const draw = (part: ReactNode) => render(<I18nProvider i18n={i18n}>{part}</I18nProvider>);

/** Opens a part with its button, then Cancel: the focus must be on that button again, not on the page body. */
async function cancelReturnsTo(opener: string) {
  const open = screen.getByRole('button', { name: opener });
  open.focus();
  await act(async () => fireEvent.click(open));
  expect(screen.queryByRole('button', { name: opener })).toBeNull();
  const cancel = screen.getByRole('button', { name: 'Cancel' });
  cancel.focus();
  await act(async () => fireEvent.click(cancel));
  expect(document.activeElement).toBe(screen.getByRole('button', { name: opener }));
}

describe('/me Security parts: Cancel gives the focus back to the button that opened the part', () => {
  it('Delete account', async () => {
    const actorRef = createActor(deleteAccountMachine, {
      input: { email: 'a@example.com', twoFactorEnabled: false },
    }).start();
    draw(<DeleteAccountPart actorRef={actorRef} />);
    await cancelReturnsTo('Delete account…');
  });

  it('E-mail address', async () => {
    const actorRef = createActor(changeEmailMachine, {
      input: { currentEmail: 'a@example.com', twoFactorEnabled: false },
    }).start();
    draw(<ChangeEmailPart actorRef={actorRef} />);
    await cancelReturnsTo('Change e-mail address');
  });

  it('a part drawn closed at first does not take the focus', () => {
    const actorRef = createActor(deleteAccountMachine, {
      input: { email: 'a@example.com', twoFactorEnabled: false },
    }).start();
    draw(<DeleteAccountPart actorRef={actorRef} />);
    expect(document.activeElement).toBe(document.body);
  });
});
