export { SENTRY_INTEGRATION } from './sentry';
