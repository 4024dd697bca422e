import { Global, Module } from '@nestjs/common';
import { bindPortValue } from '../platform/modules/upward-port';
import { MessageSubmessageRelation } from '../messages/public/submessages.port';
import { submessageRelation } from './persistence/submessages.read-relations';

const ports = [bindPortValue(MessageSubmessageRelation, { submessage: submessageRelation })];

/**
 * Binds the read relation of this module's table that the messages module's statements
 * join, which messages declares as a port in its `public/` (docs/architecture.md,
 * "Reading a module above"). Global, so that messages finds it without importing this
 * module; the composition root imports it.
 */
@Global()
@Module({ providers: ports, exports: ports })
export class SubmessagesForModulesBelowModule {}
