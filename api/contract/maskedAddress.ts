/**
 * An address as a company-id registration shows it to someone who has not proved they own it (docs/decisions/security.md:
 * Company-id sign-up races): enough for its owner to know it again, too little to write to. The first character
 * of the local part and of the domain, then the domain's last label: `paula.papier@example.com` -> `p***@e***.com`.
 */
export const maskedAddress = (email: string): string => {
  const trimmed = email.trim();
  const at = trimmed.lastIndexOf('@');
  const local = at > 0 ? trimmed.slice(0, at) : trimmed;
  const domain = at > 0 ? trimmed.slice(at + 1) : '';
  const first = (text: string) => Array.from(text)[0] ?? '';
  const dot = domain.lastIndexOf('.');
  const tail = dot > 0 ? domain.slice(dot) : '';
  return `${first(local)}***@${first(domain)}***${tail}`.toLowerCase();
};
