// The channels module's read relations, for other modules' persistence (see the file they come from).
export { activeChannelNames, activeSubscriptions, channelNamesAndPrivacy } from '../persistence/channels.read-relations';
