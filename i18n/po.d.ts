// A .po catalog imported through @lingui/vite-plugin arrives compiled: `export const messages = {...}`.
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
