/** The two external identity providers of spec 1 and their names as users know them (brands: not translated). */
export type IdentityProviderName = 'azure' | 'okta';

const LABELS: Readonly<Record<IdentityProviderName, string>> = { azure: 'Azure', okta: 'Okta' };

export const providerLabel = (provider: IdentityProviderName): string => LABELS[provider];
