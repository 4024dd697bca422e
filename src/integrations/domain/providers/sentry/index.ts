export { sentryIntegration } from './sentry';
