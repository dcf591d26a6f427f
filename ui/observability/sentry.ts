// The only Sentry functions the app uses. errorReporting.ts imports this file dynamically: named imports
// let the bundler drop the rest of @sentry/browser (a namespace import() would keep all of it, ~140 KB gzip).
export { captureException, captureMessage, init } from '@sentry/browser';
