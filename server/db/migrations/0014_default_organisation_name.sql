-- The default organisation ('welcome', spec 9) is shown by the platform's own name (docs/decisions/product.md: The default organisation is called Channels).
-- Only where it still bears the old default: an operator's rename by npm run brand is kept.
UPDATE "organisations" SET "name" = 'Channels' WHERE "subdomain" = 'welcome' AND "name" = 'Welcome';
