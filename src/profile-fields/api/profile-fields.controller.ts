import { Controller, Delete, Get, Patch, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { CurrentUser } from '../../wire/decorators';
import { expectIntegerList } from '../../shared/json-shapes';
import { Params } from '../../wire/params/params.decorator';
import { WireParam } from '../../wire/params/wire-param';
import { Actor } from '../../shared/actor';
import { CreateProfileFieldCommand } from '../commands/create-profile-field.command';
import { DeleteProfileFieldCommand } from '../commands/delete-profile-field.command';
import { RemoveProfileDataCommand } from '../commands/remove-profile-data.command';
import { ReorderProfileFieldsCommand } from '../commands/reorder-profile-fields.command';
import { UpdateProfileDataCommand } from '../commands/update-profile-data.command';
import { UpdateProfileFieldCommand } from '../commands/update-profile-field.command';
import { parseFieldData } from '../domain/profile-field-rules';
import { presentField, ProfileFieldWire } from './profile-field.presenter';
import { ProfileField } from '../persistence/profile-field.store';
import { GetProfileFieldsQuery } from '../queries/get-profile-fields.query';
import { parseProfileDataItems } from '../public/profile-data-items';

class CreateParams {
  @WireParam('string', { default: '' }) name!: string;
  @WireParam('string', { default: '' }) hint!: string;
  @WireParam('json', { optional: true }) field_data?: unknown;
  @WireParam('int') field_type!: number;
  @WireParam('bool', { default: false }) display_in_profile_summary!: boolean;
  @WireParam('bool', { default: false }) required!: boolean;
  @WireParam('bool', { default: true }) editable_by_user!: boolean;
}

class FieldIdParams {
  @WireParam('int', { path: true }) field_id!: number;
}

class UpdateParams extends FieldIdParams {
  @WireParam('string', { optional: true }) name?: string;
  @WireParam('string', { optional: true }) hint?: string;
  @WireParam('json', { optional: true }) field_data?: unknown;
  @WireParam('bool', { optional: true }) display_in_profile_summary?: boolean;
  @WireParam('bool', { optional: true }) required?: boolean;
  @WireParam('bool', { optional: true }) editable_by_user?: boolean;
}

class ReorderParams {
  @WireParam('json') order!: unknown;
}

class DataParams {
  @WireParam('json') data!: unknown;
}

@Controller('api/v1')
export class ProfileFieldsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get('realm/profile_fields')
  async list(@CurrentUser() user: Actor): Promise<{ custom_fields: ProfileFieldWire[] }> {
    return { custom_fields: (await this.queryBus.execute<GetProfileFieldsQuery, ProfileField[]>(new GetProfileFieldsQuery(user.realmId))).map(presentField) };
  }

  @Post('realm/profile_fields')
  create(@CurrentUser() user: Actor, @Params(CreateParams) p: CreateParams): Promise<{ id: number }> {
    return this.commandBus.execute(
      new CreateProfileFieldCommand(user, {
        name: p.name,
        hint: p.hint,
        type: p.field_type,
        fieldData: p.field_data === undefined || p.field_data === null ? {} : parseFieldData(p.field_data),
        displayInProfileSummary: p.display_in_profile_summary,
        required: p.required,
        editableByUser: p.editable_by_user,
      }),
    );
  }

  @Patch('realm/profile_fields')
  async reorder(@CurrentUser() user: Actor, @Params(ReorderParams) p: ReorderParams): Promise<Record<string, never>> {
    await this.commandBus.execute(new ReorderProfileFieldsCommand(user, expectIntegerList('order', p.order)));
    return {};
  }

  @Patch('realm/profile_fields/:field_id')
  async update(@CurrentUser() user: Actor, @Params(UpdateParams) p: UpdateParams): Promise<Record<string, never>> {
    await this.commandBus.execute(
      new UpdateProfileFieldCommand(user, p.field_id, {
        name: p.name,
        hint: p.hint,
        fieldData: p.field_data === undefined || p.field_data === null ? undefined : parseFieldData(p.field_data),
        displayInProfileSummary: p.display_in_profile_summary,
        required: p.required,
        editableByUser: p.editable_by_user,
      }),
    );
    return {};
  }

  @Delete('realm/profile_fields/:field_id')
  async delete(@CurrentUser() user: Actor, @Params(FieldIdParams) p: FieldIdParams): Promise<Record<string, never>> {
    await this.commandBus.execute(new DeleteProfileFieldCommand(user, p.field_id));
    return {};
  }

  @Patch('users/me/profile_data')
  async updateData(@CurrentUser() user: Actor, @Params(DataParams) p: DataParams): Promise<Record<string, never>> {
    await this.commandBus.execute(new UpdateProfileDataCommand(user, parseProfileDataItems(p.data)));
    return {};
  }

  @Delete('users/me/profile_data')
  async removeData(@CurrentUser() user: Actor, @Params(DataParams) p: DataParams): Promise<Record<string, never>> {
    await this.commandBus.execute(new RemoveProfileDataCommand(user, expectIntegerList('data', p.data)));
    return {};
  }
}
