/**
 * Text and attribute values in the HTML the server writes itself (mails, the identity provider's continue page, the
 * page's notices and meta tags): the five characters that could end a value or open markup, as numeric references
 * (the dev mailbox reads its links back by undoing exactly these, server/routes/dev.ts).
 */
export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
