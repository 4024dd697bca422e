export { jiraIntegration } from './jira';
