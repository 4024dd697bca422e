import { Injectable } from '@nestjs/common';
import { Database } from '../../platform/database/database';
import { personalSection, RegisterStateContributor, RegisterStateRequest, StateContributor, StateSection } from '../../platform/events/state/register-state';
import { SEARCH_STOP_WORDS } from '../public/search-stop-words';
import { MessageLocations } from './message-locations';
import { recentPrivateConversations, starredMessagesState, unreadMessagesState } from './unread-state';

/** `unread_msgs` with nothing unread. */
const EMPTY_UNREADS = { count: 0, pms: [], streams: [], huddles: [], mentions: [], old_unreads_missing: false };

/** The user's unread, starred and recent direct messages, and the search stop words, in `POST /register`'s state. */
@Injectable()
@RegisterStateContributor()
export class MessagesState implements StateContributor {
  constructor(
    private readonly database: Database,
    private readonly locations: MessageLocations,
  ) {}

  sections(request: RegisterStateRequest): StateSection[] {
    const viewer = (id: number) => ({ id, realmId: request.realmId });
    const wantsUnreads = request.wants('message') && request.wants('update_message_flags');
    return [
      personalSection(request, 'unread_msgs', wantsUnreads, { unread_msgs: EMPTY_UNREADS }, async (userId, state) => {
        const emptyTopicName = request.options.capabilities.empty_topic_name;
        state.unread_msgs = await unreadMessagesState(viewer(userId), emptyTopicName, this.database, this.locations);
      }, true),
      personalSection(request, 'starred_messages', request.wants('starred_messages'), { starred_messages: [] }, async (userId, state) => {
        state.starred_messages = await starredMessagesState(userId, this.database);
      }),
      personalSection(request, 'recent_private_conversations', request.wants('recent_private_conversations'), { recent_private_conversations: [] }, async (userId, state) => {
        state.recent_private_conversations = await recentPrivateConversations(viewer(userId), this.database, this.locations);
      }, true),
      {
        key: 'stop_words',
        wanted: request.wants('stop_words'),
        read: (state) => {
          state.stop_words = SEARCH_STOP_WORDS;
        },
      },
    ];
  }
}
