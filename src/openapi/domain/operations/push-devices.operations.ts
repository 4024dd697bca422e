import { OperationTable, success } from '../operation-doc';

/** Mobile push: device registration (Zulip's PushDeviceToken) and the test notification. */
export const PUSH_DEVICE_OPERATIONS: OperationTable = {
  'POST /api/v1/users/me/apns_device_token': success(
    'Register an iOS device (`token`, base64; `appid`, the app\'s id) for push notifications. People only, not bots; registering a device again changes nothing.',
  ),
  'DELETE /api/v1/users/me/apns_device_token': success('Forget one\'s iOS device `token` ("Token does not exist" if one has not registered it).'),
  'POST /api/v1/users/me/android_gcm_reg_id': success('Register an Android device (FCM registration `token`) for push notifications. People only, not bots.'),
  'DELETE /api/v1/users/me/android_gcm_reg_id': success('Forget one\'s Android device `token` ("Token does not exist" if one has not registered it).'),
  'POST /api/v1/mobile_push/test_notification': success(
    'Send a test notification to one\'s device `token`, or to all one\'s devices, through Zulip\'s push notification service when the server '
      + 'sends push notifications (as Zulip then, nothing is sent when it does not). A `token` one has not registered is refused '
      + '(`INVALID_PUSH_DEVICE_TOKEN`), one the service does not know too (`INVALID_REMOTE_PUSH_DEVICE_TOKEN`); the service unreachable is a 502.',
  ),
};
