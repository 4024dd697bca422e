import { Module } from '@nestjs/common';
import { CallsController } from './api/calls.controller';
import { CreateBigBlueButtonCallHandler } from './queries/create-bigbluebutton-call.query';

/** Video calls: Zulip's BigBlueButton join links. */
@Module({
  controllers: [CallsController],
  providers: [CreateBigBlueButtonCallHandler],
})
export class CallsModule {}
