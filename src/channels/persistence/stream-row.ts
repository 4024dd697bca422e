/** A `stream` row as the code reads it (`toStreamRow` maps it); SQL is in the repositories. */
export interface StreamRow {
  id: number;
  realmId: number;
  name: string;
  description: string;
  renderedDescription: string;
  inviteOnly: boolean;
  isWebPublic: boolean;
  historyPublicToSubscribers: boolean;
  messageRetentionDays: number | null;
  dateCreated: Date;
  creatorId: number | null;
  deactivated: boolean;
  recipientId: number | null;
  firstMessageId: number | null;
  isRecentlyActive: boolean;
  canAddSubscribersGroupId: number;
  canRemoveSubscribersGroupId: number;
  canAdministerChannelGroupId: number;
  canSendMessageGroupId: number;
  canSubscribeGroupId: number;
}
