import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { Actor } from '../../shared/actor';
import { UserRow } from '../../users/public/user-row';
import { MessageSubmessage } from '../public/message-snapshot';

/** A message just written by the send path, inside the sending transaction. */
export interface StoredMessage {
  id: number;
  sender: Actor;
  content: string;
  /** The channel of a channel message; null for a direct message. */
  channel: { recipientId: number; inviteOnly: boolean } | null;
  /** A direct message's recipients other than the sender. */
  directRecipients: readonly UserRow[];
  /** The users the rendered content mentions. */
  mentionedUserIds: readonly number[];
}

/**
 * What another module does with each message sent, in the sending transaction: modules
 * above messages (webhooks, submessages) hook into the send path without the send path
 * knowing them. A method a hook leaves out is skipped.
 */
export interface MessageSendHook {
  /** Right after the message's rows are written. */
  afterStore?(message: StoredMessage): Promise<void>;
  /** Submessages the message starts with, which its `message` event already carries. */
  submessagesOf?(message: StoredMessage): Promise<MessageSubmessage[]>;
}

/** Nest's discoverable class decorator under a key of its own. */
const SendHook = DiscoveryService.createDecorator<true>();

/** Marks a provider as a `MessageSendHook`: `MessageSendHooks` finds it at start-up. */
export function OnMessageSend(): ClassDecorator {
  return SendHook(true);
}

/** The application's send hooks, found once at start-up, run in discovery order. */
@Injectable()
export class MessageSendHooks implements OnModuleInit {
  private afterStoreHooks: MessageSendHook[] = [];
  private submessageHooks: MessageSendHook[] = [];

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    const hooks = this.discovery.getProviders({ metadataKey: SendHook.KEY }).map((wrapper) => wrapper.instance as MessageSendHook);
    this.afterStoreHooks = hooks.filter((hook) => typeof hook.afterStore === 'function');
    this.submessageHooks = hooks.filter((hook) => typeof hook.submessagesOf === 'function');
  }

  async afterStore(message: StoredMessage): Promise<void> {
    for (const hook of this.afterStoreHooks) await (hook.afterStore as NonNullable<MessageSendHook['afterStore']>).call(hook, message);
  }

  async submessagesOf(message: StoredMessage): Promise<MessageSubmessage[]> {
    const found: MessageSubmessage[] = [];
    for (const hook of this.submessageHooks) found.push(...(await (hook.submessagesOf as NonNullable<MessageSendHook['submessagesOf']>).call(hook, message)));
    return found;
  }
}
