import { ApiError } from '../../shared/api-error';
import {
  checkRealmProperty,
  decodeRetentionDays,
  effectiveRealmProperties,
  parseRetentionDays,
  parseTimeLimit,
  realmRetentionDays,
} from './realm-properties';

function errorOf(run: () => unknown): ApiError | null {
  try {
    run();
    return null;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
}

describe('realm properties', () => {
  it('overlays stored values on the defaults, leaving column properties out', () => {
    const properties = effectiveRealmProperties({ mandatory_topics: true });
    expect(properties.mandatory_topics).toBe(true);
    expect(properties.message_content_edit_limit_seconds).toBe(600);
    expect(properties.message_content_delete_limit_seconds).toBeNull();
    expect(properties).not.toHaveProperty('name');
  });

  it('reads time limits as Zulip does', () => {
    expect(parseTimeLimit('message_content_edit_limit_seconds', 'unlimited')).toBeNull();
    expect(parseTimeLimit('message_content_edit_limit_seconds', 60)).toBe(60);
    const zero = errorOf(() => parseTimeLimit('message_content_edit_limit_seconds', 0));
    expect(zero?.msg).toBe("Bad value for 'message_content_edit_limit_seconds': 0");
    expect(zero?.code).toBe('REQUEST_VARIABLE_INVALID');
    expect(errorOf(() => parseTimeLimit('message_content_edit_limit_seconds', 'soon'))?.msg).toBe(
      'message_content_edit_limit_seconds is not an integer',
    );
  });

  it('reads the retention period as Zulip does: days, or "unlimited" as -1', () => {
    expect(effectiveRealmProperties({}).message_retention_days).toBe(-1);
    expect(parseRetentionDays('message_retention_days', 'unlimited')).toBe(-1);
    expect(parseRetentionDays('message_retention_days', 1)).toBe(1);
    expect(checkRealmProperty('message_retention_days', 90)).toBe(90);
    for (const bad of [0, -1, 'forever', 'realm_default']) {
      const error = errorOf(() => parseRetentionDays('message_retention_days', bad));
      expect({ msg: error?.msg, code: error?.code }).toEqual({ msg: `Bad value for 'message_retention_days': ${bad}`, code: 'REQUEST_VARIABLE_INVALID' });
    }
    expect(decodeRetentionDays('message_retention_days', 'forever')).toBe('forever');
    for (const wrong of [1.5, true, null, [30], { days: 30 }]) {
      expect(errorOf(() => decodeRetentionDays('message_retention_days', wrong))?.msg).toBe('message_retention_days is not an integer');
    }
    expect(realmRetentionDays({ message_retention_days: 30 })).toBe(30);
    expect(realmRetentionDays({})).toBe(-1);
  });

  it('checks names, languages and enumerations', () => {
    expect(checkRealmProperty('name', '  Acme  ')).toBe('Acme');
    expect(errorOf(() => checkRealmProperty('name', 'x'.repeat(41)))?.msg).toBe('Organization name is too long.');
    expect(errorOf(() => checkRealmProperty('description', 'x'.repeat(1001)))?.msg).toBe('Organization description is too long.');
    expect(errorOf(() => checkRealmProperty('default_language', 'xx'))?.msg).toBe("Invalid language 'xx'");
    expect(errorOf(() => checkRealmProperty('digest_weekday', 7))?.msg).toBe('Invalid digest_weekday');
    expect(errorOf(() => checkRealmProperty('video_chat_provider', 9))?.msg).toBe('Invalid video_chat_provider 9');
    expect(checkRealmProperty('giphy_rating', 3)).toBe(3);
  });
});
