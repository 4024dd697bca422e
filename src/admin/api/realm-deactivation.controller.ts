import { Controller, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Actor } from '../../shared/actor';
import { ApiError } from '../../shared/api-error';
import { requireRealmOwner } from '../../shared/authorization';
import { Authorize } from '../../wire/authorize.guard';
import { CurrentUser } from '../../wire/decorators';
import { Params } from '../../wire/params/params.decorator';
import { WireParam } from '../../wire/params/wire-param';
import { DeactivateRealmCommand } from '../commands/realm-activation.commands';

/** Zulip 10.2's `MIN_DEACTIVATED_REALM_DELETION_DAYS` default: data is kept at least this long. */
export const MIN_DELETION_DELAY_DAYS = 14;

class DeactivateRealmParams {
  /** JSON: a whole number of days, or null for no scheduled deletion. */
  @WireParam('json', { optional: true }) deletion_delay_days?: unknown;
}

@Controller('api/v1')
export class RealmDeactivationController {
  constructor(private readonly commandBus: CommandBus) {}

  /**
   * `POST /realm/deactivate` (Zulip's `deactivate_realm`, routed by 10.2 though not in its
   * API documentation): an owner deactivates the organization, optionally with the days
   * until its data is due to be deleted. The role is checked before the parameters.
   */
  @Post('realm/deactivate')
  @Authorize(requireRealmOwner)
  async deactivate(@CurrentUser() actor: Actor, @Params(DeactivateRealmParams) p: DeactivateRealmParams): Promise<Record<string, never>> {
    await this.commandBus.execute(new DeactivateRealmCommand(actor.realmId, actor, deletionDelayDays(p.deletion_delay_days)));
    return {};
  }
}

function deletionDelayDays(value: unknown): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isInteger(value)) throw ApiError.badRequest('deletion_delay_days is not an integer');
  if (value < MIN_DELETION_DELAY_DAYS) {
    throw ApiError.badRequest(`Data deletion time must be at least ${MIN_DELETION_DELAY_DAYS} days in the future.`);
  }
  return value;
}
