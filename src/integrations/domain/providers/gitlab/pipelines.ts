import { quote } from '../git/messages';
import { GitLabEvent, projectHomepage, repoName, userName } from './fields';

/** GitLab's CI hooks (Job/Build Hook, Pipeline Hook), Release Hook, Wiki Page Hook and Test Hook. */

export function buildBody({ payload }: GitLabEvent): string {
  const status = payload.get('build_status').string();
  const action = status === 'created' ? 'was created' : status === 'running' ? 'started' : `changed status to ${status}`;
  return `Build ${payload.get('build_name').string()} from ${payload.get('build_stage').string()} stage ${action}.`;
}

/** The pipeline's status, then a line a job, with its artifact's links when it built one. */
export function pipelineBody({ payload }: GitLabEvent): string {
  const attributes = payload.get('object_attributes');
  const status = attributes.get('status').string();
  const action = status === 'pending' ? 'was created' : status === 'running' ? 'started' : `changed status to ${status}`;
  const homepage = projectHomepage(payload);
  const pipelineUrl = `${homepage}/-/pipelines/${attributes.get('id').int()}`;
  let builds = '';
  for (const build of payload.get('builds').list()) {
    const buildUrl = `${homepage}/-/jobs/${build.get('id').int()}`;
    const artifact = build.opt('artifacts_file', {}).opt('filename');
    const artifactLine = artifact.truthy()
      ? `  * built artifact: *${artifact.string()}* [[Browse](${buildUrl}/artifacts/browse)|[Download](${buildUrl}/artifacts/download)]\n`
      : '';
    builds += `* [${build.get('name').string()}](${buildUrl}) - ${build.get('status').string()}\n${artifactLine}`;
  }
  return `[Pipeline (${attributes.get('id').int()})](${pipelineUrl}) ${action} with build(s):\n${builds.slice(0, -1)}.`;
}

export function releaseBody({ payload }: GitLabEvent): string {
  const action = payload.get('action').string();
  const name = payload.get('name').string();
  const tag = payload.get('tag').string();
  if (action === 'delete') return `Release ${name} for tag ${tag} was ${action}d.`;
  let body = `Release [${name}](${payload.get('url').string()}) for tag ${tag} was ${action}d.`;
  if (payload.has('description')) body += quote(payload.get('description').string());
  return body;
}

export function wikiPageBody(action: string): (event: GitLabEvent) => string {
  return ({ payload }) => {
    const page = payload.get('object_attributes');
    return `${userName(payload)} ${action} [wiki page "${page.get('title').string()}"](${page.get('url').string()}).`;
  };
}

export function testBody({ payload }: GitLabEvent): string {
  return `Webhook for **${repoName(payload)}** has been configured successfully! :tada:`;
}
