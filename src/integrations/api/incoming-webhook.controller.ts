import { Controller, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { FastifyRequest } from 'fastify';
import { ApiError } from '../../shared/api-error';
import { expectStringList } from '../../shared/json-shapes';
import { Actor } from '../../shared/actor';
import { CurrentUser, IncomingWebhookEndpoint, RawResponse } from '../../wire/decorators';
import { checkJsonShape } from '../../wire/input-limits';
import { webhookBodyOf } from '../../wire/webhook-body';
import { integrationNamed } from '../domain/catalog';
import { IncomingWebhookCall, IncomingWebhookIntegration } from '../domain/integration';
import { ReceiveIncomingWebhookCommand, WebhookReceipt } from '../commands/receive-incoming-webhook.command';

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * `POST /api/v1/external/<name>` (docs/integrations.md): a provider's payload, posted as the
 * bot whose key signs the URL. The URL's `stream`, `topic`, `only_events` and
 * `exclude_events` are read here, from the query string (and a form body's fields, which
 * Zulip reads too); a JSON body's own keys are the payload's, never parameters.
 */
@Controller('api/v1')
export class IncomingWebhookController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('external/:integration_name')
  @IncomingWebhookEndpoint((params) => integrationNamed(params.integration_name ?? '') !== null)
  @RawResponse()
  async receive(
    @CurrentUser() sender: Actor,
    @Param('integration_name') name: string,
    @Req() request: FastifyRequest,
  ): Promise<Record<string, unknown>> {
    const integration = integrationNamed(name);
    if (integration === null) throw new ApiError('Not found', 'BAD_REQUEST', 404);
    const params = urlParameters(request);
    const only = jsonList('only_events', params.only_events);
    const exclude = jsonList('exclude_events', params.exclude_events);
    // The provider reads the URL's own options (`branches`, `topic`...), never the key.
    const providerParams = { ...params };
    delete providerParams.api_key;
    const call: IncomingWebhookCall = { ...payloadOf(request, integration), headers: headersOf(request), params: providerParams };
    const receipt = await this.commandBus.execute<ReceiveIncomingWebhookCommand, WebhookReceipt>(
      new ReceiveIncomingWebhookCommand(sender, name, call, { stream: params.stream, topic: params.topic }, { onlyEvents: only, excludeEvents: exclude }),
    );
    return { result: 'success', msg: '', ...receipt };
  }
}

function mediaType(request: FastifyRequest): string {
  return (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
}

function isForm(request: FastifyRequest): boolean {
  return mediaType(request) === 'application/x-www-form-urlencoded' && typeof request.body === 'object' && request.body !== null;
}

/** The query string's parameters, then a form body's fields over them, one value per name (the last). */
function urlParameters(request: FastifyRequest): Record<string, string> {
  const params: Record<string, string> = {};
  const add = (source: unknown) => {
    if (typeof source !== 'object' || source === null) return;
    for (const [name, raw] of Object.entries(source as Record<string, unknown>)) {
      const value: unknown = Array.isArray(raw) ? raw[raw.length - 1] : raw;
      if (typeof value === 'string') params[name] = value;
    }
  };
  add(request.query);
  if (isForm(request)) add(request.body);
  return params;
}

/** `only_events` / `exclude_events`: a JSON list of patterns, or absent. */
function jsonList(name: string, value: string | undefined): string[] | null {
  if (value === undefined) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw ApiError.badRequest(`${name} is not valid JSON`);
  }
  return expectStringList(name, parsed);
}

function headersOf(request: FastifyRequest): Record<string, string | undefined> {
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/**
 * The payload as the integration reads it: a form's fields for an integration that takes
 * forms, else the body as JSON whatever its content type (Zulip parses `request.body`),
 * with its text beside it.
 */
function payloadOf(request: FastifyRequest, integration: IncomingWebhookIntegration): Pick<IncomingWebhookCall, 'body' | 'rawBody'> {
  const raw = webhookBodyOf(request);
  let rawBody: string | undefined;
  try {
    rawBody = raw === undefined ? undefined : UTF8.decode(raw);
  } catch {
    throw new ApiError('Malformed JSON', 'INVALID_JSON', 400);
  }
  if (integration.acceptsForm === true && mediaType(request) !== 'application/json') {
    return { body: isForm(request) ? request.body : {}, rawBody };
  }
  if (mediaType(request) === 'application/json' && request.body !== undefined) return { body: request.body, rawBody };
  let body: unknown;
  try {
    body = JSON.parse(rawBody ?? '');
  } catch {
    throw new ApiError('Malformed JSON', 'INVALID_JSON', 400);
  }
  checkJsonShape(null, body);
  return { body, rawBody };
}
