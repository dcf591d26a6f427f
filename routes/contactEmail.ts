/**
 * The site's contact address: where employees whose details are not found can write (spec 8), and where someone
 * who signed up alone and lost both authenticator and recovery codes can ask. The build may set its own address.
 */
export const contactEmail = (): string =>
  import.meta.env.VITE_CONTACT_EMAIL || `support@${location.hostname}`;
