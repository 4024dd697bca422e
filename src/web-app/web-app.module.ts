import { Module } from '@nestjs/common';
import { RealmModule } from '../realm/realm.module';
import { WebAppController } from './api/web-app.controller';

/** The browser's way in: the web app's page at `/` (sign-in itself lives with the users). */
@Module({
  imports: [RealmModule],
  controllers: [WebAppController],
})
export class WebAppModule {}
