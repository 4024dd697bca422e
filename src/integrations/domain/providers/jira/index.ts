export { JIRA_INTEGRATION } from './jira';
