import { Global, Module } from '@nestjs/common';
import { MailDelivery } from './mail-delivery';
import { MailOutbox } from './mail-outbox';
import { MailSender } from './mail-sender';
import { MailStore } from './persistence/mail-store';

/** Outgoing mail: `MailOutbox` for every module, `MailDelivery` for the server's start-up. */
@Global()
@Module({ providers: [MailStore, MailSender, MailOutbox, MailDelivery], exports: [MailOutbox, MailDelivery] })
export class MailModule {}
