import { Module } from '@nestjs/common';
import { ProfileFieldsController } from './api/profile-fields.controller';
import { CreateProfileFieldHandler } from './commands/create-profile-field.command';
import { DeleteProfileFieldHandler } from './commands/delete-profile-field.command';
import { RemoveProfileDataHandler } from './commands/remove-profile-data.command';
import { ReorderProfileFieldsHandler } from './commands/reorder-profile-fields.command';
import { UpdateProfileDataHandler } from './commands/update-profile-data.command';
import { UpdateProfileFieldHandler } from './commands/update-profile-field.command';
import { ProfileFieldEventProjections } from './events/profile-field-event.projections';
import { ProfileFieldStore } from './persistence/profile-field.store';
import { GetProfileFieldsHandler } from './queries/get-profile-fields.query';
import { ProfileDataReader } from './queries/profile-data.reader';
import { ProfileFieldsState } from './queries/profile-fields.state';
import { RealmModule } from '../realm/realm.module';

/**
 * Custom profile fields: the realm's field definitions (administrators) and each user's
 * values. Other modules read users' values through `ProfileDataReader` only.
 */
@Module({
  imports: [RealmModule],
  controllers: [ProfileFieldsController],
  providers: [
    ProfileFieldsState,
    ProfileFieldStore,
    ProfileDataReader,
    GetProfileFieldsHandler,
    CreateProfileFieldHandler,
    UpdateProfileFieldHandler,
    DeleteProfileFieldHandler,
    ReorderProfileFieldsHandler,
    UpdateProfileDataHandler,
    RemoveProfileDataHandler,
    ProfileFieldEventProjections,
  ],
  exports: [ProfileDataReader],
})
export class ProfileFieldsModule {}
