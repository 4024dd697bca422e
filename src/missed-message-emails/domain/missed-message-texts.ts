import { EmailTrigger } from './email-triggers';

/** Every text of missed-message emails, in one place for translation. */
export const MISSED_MESSAGE_TEXTS = {
  subjectDirect: (senderName: string) => `DMs with ${senderName}`,
  subjectGroup: (names: string) => `Group DMs with ${names}`,
  subjectChannel: (channel: string, topic: string) => `#${channel} > ${topic}`,
  subjectResolvedChannel: (channel: string, topic: string) => `[resolved] #${channel} > ${topic}`,
  subjectHidden: 'New messages',
  realmSuffix: (realmName: string) => ` [${realmName}]`,
  /** Other participants of a group conversation, as Zulip lists them in the subject. */
  groupNames: (names: readonly string[]): string => {
    if (names.length <= 1) return names.join('');
    if (names.length === 2) return `${names[0]} and ${names[1]}`;
    if (names.length === 3) return `${names[0]}, ${names[1]}, and ${names[2]}`;
    return `${names[0]}, ${names[1]}, and ${names.length - 2} others`;
  },
  /** Why the user gets this email, by the trigger of the conversation's first message. */
  reason: (trigger: EmailTrigger | null, realmName: string): string => {
    switch (trigger) {
      case 'private_message':
        return `You are receiving this because you got direct messages in ${realmName} while you were away.`;
      case 'mentioned':
        return `You are receiving this because you were mentioned in ${realmName} while you were away.`;
      case 'topic_wildcard_mentioned':
      case 'topic_wildcard_mentioned_in_followed_topic':
        return `You are receiving this because everyone in a topic you take part in was mentioned in ${realmName}.`;
      case 'stream_wildcard_mentioned':
      case 'stream_wildcard_mentioned_in_followed_topic':
        return `You are receiving this because everyone in a channel you are subscribed to was mentioned in ${realmName}.`;
      case 'followed_topic_email_notify':
        return `You are receiving this because you follow this topic in ${realmName}.`;
      default:
        return `You are receiving this because you asked for email notifications for this channel in ${realmName}.`;
    }
  },
  /** The sender's display name (Zulip's "{service_name} notifications", the installation's name being its host). */
  fromName: (installationName: string) => `${installationName} notifications`,
  viewConversation: 'View or reply in Zulip',
  contentHidden: 'This email does not show message content, as your notification settings ask.',
  manageSettings: 'Manage email notification settings',
  unsubscribe: 'Unsubscribe from these emails',
};
