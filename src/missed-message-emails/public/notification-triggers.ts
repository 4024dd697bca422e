/** Why a user is notified of a message, as push notifications name it (Zulip's NotificationTriggers). */
export type { PushTrigger } from '../domain/email-triggers';
