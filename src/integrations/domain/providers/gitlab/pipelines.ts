import { quote } from '../git/messages';
import { GitLabEvent, projectHomepage, repoName, userName } from './fields';

/** GitLab's CI hooks (Job/Build Hook, Pipeline Hook), Release Hook, Wiki Page Hook and Test Hook. */

export function buildBody({ payload }: GitLabEvent): string {
  const status = payload.at('build_status').string();
  const action = status === 'created' ? 'was created' : status === 'running' ? 'started' : `changed status to ${status}`;
  return `Build ${payload.at('build_name').string()} from ${payload.at('build_stage').string()} stage ${action}.`;
}

/** The pipeline's status, then a line a job, with its artifact's links when it built one. */
export function pipelineBody({ payload }: GitLabEvent): string {
  const attributes = payload.at('object_attributes');
  const status = attributes.at('status').string();
  const action = status === 'pending' ? 'was created' : status === 'running' ? 'started' : `changed status to ${status}`;
  const homepage = projectHomepage(payload);
  const pipelineUrl = `${homepage}/-/pipelines/${attributes.at('id').int()}`;
  let builds = '';
  for (const build of payload.at('builds').list()) {
    const buildUrl = `${homepage}/-/jobs/${build.at('id').int()}`;
    const artifact = build.get('artifacts_file', {}).get('filename');
    const artifactLine = artifact.truthy
      ? `  * built artifact: *${artifact.string()}* [[Browse](${buildUrl}/artifacts/browse)|[Download](${buildUrl}/artifacts/download)]\n`
      : '';
    builds += `* [${build.at('name').string()}](${buildUrl}) - ${build.at('status').string()}\n${artifactLine}`;
  }
  return `[Pipeline (${attributes.at('id').int()})](${pipelineUrl}) ${action} with build(s):\n${builds.slice(0, -1)}.`;
}

export function releaseBody({ payload }: GitLabEvent): string {
  const action = payload.at('action').string();
  const name = payload.at('name').string();
  const tag = payload.at('tag').string();
  if (action === 'delete') return `Release ${name} for tag ${tag} was ${action}d.`;
  let body = `Release [${name}](${payload.at('url').string()}) for tag ${tag} was ${action}d.`;
  if (payload.has('description')) body += quote(payload.at('description').string());
  return body;
}

export function wikiPageBody(action: string): (event: GitLabEvent) => string {
  return ({ payload }) => {
    const page = payload.at('object_attributes');
    return `${userName(payload)} ${action} [wiki page "${page.at('title').string()}"](${page.at('url').string()}).`;
  };
}

export function testBody({ payload }: GitLabEvent): string {
  return `Webhook for **${repoName(payload)}** has been configured successfully! :tada:`;
}
