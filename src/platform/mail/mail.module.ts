import { Global, Module } from '@nestjs/common';
import { MailTransport } from './mail-transport';

/** Outgoing mail, injectable everywhere. */
@Global()
@Module({ providers: [MailTransport], exports: [MailTransport] })
export class MailModule {}
