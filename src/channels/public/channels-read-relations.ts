/** The channels module's read relations, for other modules' statements. */
export { activeChannelNames, activeSubscriptions, channelNamesAndPrivacy } from '../persistence/channels.read-relations';
