export { readObservabilityConfig } from './config';
export { initErrorReporting } from './errorReporting';
