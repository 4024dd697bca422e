import { guide, OperationGuides } from './tags';

/** Messages, drafts, saved snippets, scheduled messages and uploads. */
export const MESSAGE_GUIDES: OperationGuides = {
  'POST /api/v1/messages': guide(
    'messages',
    'Sends a message: to a topic of a channel (`type` `stream`, `to` the channel, `topic`) or as a direct message to',
    'one or more users (`type` `direct`, `to` their ids). The content is Markdown; the server renders it, delivers it',
    'to every recipient\'s event queues, and answers the new message\'s `id`. Sending to a channel needs the',
    'channel\'s posting permission; a client that shows its own copy first passes `queue_id` and `local_id`.',
  ),
  'GET /api/v1/messages': guide(
    'messages',
    'Fetches a range of the messages the user can read: up to `num_before` older and `num_after` newer messages',
    'around `anchor`, among those matching `narrow` (all of them when it is empty). The answer says whether the',
    'oldest and newest matching messages were reached, so a client can page further; each message carries the',
    'user\'s flags. Search terms add `match_content` and `match_subject` with the matches highlighted.',
  ),
  'GET /api/v1/messages/matches_narrow': guide(
    'messages',
    'Tests which of the given messages match a narrow: the answer maps each matching message id to its',
    'highlighted content and topic. Used by clients to decide whether a newly arrived message belongs to the view',
    'they show when they cannot evaluate the narrow themselves (full-text search).',
  ),
  'GET /api/v1/messages/{message_id}': guide(
    'messages',
    'Fetches one message the user can read, with its raw Markdown (`raw_content`) besides the message object,',
    'which is what an editor needs to start editing it.',
  ),
  'PATCH /api/v1/messages/{message_id}': guide(
    'messages',
    'Edits a message: its content (the sender, within the organization\'s time limit), its topic, or its channel',
    '(moving it). `propagate_mode` moves the rest of the topic along, and notices can be posted in the old and new',
    'topics. Each edit is kept in the message\'s edit history; files no longer linked by the new content are listed',
    'in `detached_uploads`.',
  ),
  'DELETE /api/v1/messages/{message_id}': guide(
    'messages',
    'Deletes a message for everyone, as the organization\'s deletion policy allows (administrators always, senders',
    'within the time limit if at all). Clients learn of it through a `delete_message` event.',
  ),
  'GET /api/v1/messages/{message_id}/history': guide(
    'messages',
    'Lists every version of a message, the original first: each edit with its author, time, content and topic or',
    'channel change, and an HTML diff of the content.',
  ),
  'POST /api/v1/messages/render': guide(
    'messages',
    'Renders Markdown to HTML exactly as a sent message would be, without sending anything: for previews in the',
    'compose box.',
  ),
  'POST /api/v1/messages/flags': guide(
    'messages',
    'Adds or removes one flag (`read`, `starred`, ...) on the listed messages. The answer lists the messages whose',
    'flag actually changed; an `update_message_flags` event tells the user\'s other clients.',
  ),
  'POST /api/v1/messages/flags/narrow': guide(
    'messages',
    'Adds or removes one flag on a range of messages selected as for fetching (anchor, counts and narrow) rather than',
    'by ids, so a client can mark a whole view read in batches. The answer says how far it went and how many',
    'changed.',
  ),
  'POST /api/v1/mark_all_as_read': guide(
    'messages',
    'Marks all of the user\'s messages read. Large accounts are processed in batches; `complete` false means',
    'the client should ask again.',
  ),
  'POST /api/v1/mark_stream_as_read': guide('messages', 'Marks every message of one channel read for the user (the older interface to flag changes).'),
  'POST /api/v1/mark_topic_as_read': guide('messages', 'Marks every message of one topic read for the user (the older interface to flag changes).'),
  'POST /api/v1/messages/{message_id}/reactions': guide(
    'messages',
    'Adds the user\'s emoji reaction to a message: a Unicode emoji, a custom emoji of the organization, or a Zulip',
    'extra emoji, named by `emoji_name` (and `emoji_code` when the name alone is ambiguous). Reacting twice with the',
    'same emoji is an error; everyone who can see the message gets a `reaction` event.',
  ),
  'DELETE /api/v1/messages/{message_id}/reactions': guide(
    'messages',
    'Removes the user\'s own emoji reaction from a message, named as when it was added.',
  ),
  'POST /api/v1/typing': guide(
    'messages',
    'Tells the other participants that the user started (`op` `start`) or stopped composing, in a direct message',
    'conversation or a channel topic. The server forwards it as `typing` events; clients send `start` again every few',
    'seconds while the user types.',
  ),
  'POST /api/v1/messages/{message_id}/typing': guide(
    'messages',
    'Tells the message\'s other readers that the user started or stopped editing it, as `typing_edit_message` events.',
  ),
  'POST /api/v1/submessage': guide(
    'messages',
    'Attaches widget data to a message: a vote in a poll, a new to-do item, and so on. Everyone who received the',
    'message gets a `submessage` event; the data is kept with the message and comes back in its `submessages`.',
  ),
  'GET /api/v1/messages/{message_id}/read_receipts': guide(
    'messages',
    'Lists the users who have read a message: never its sender, nor users who do not share read receipts or whom',
    'the requester muted. Refused when the organization turns read receipts off.',
  ),
  'POST /api/v1/user_uploads': guide(
    'messages',
    'Uploads one file (a multipart request) for the user and answers its address. The file is private to those who',
    'receive a message linking it: paste the address into a message\'s Markdown to share it. One file a request, within',
    'the organization\'s size limit.',
  ),
  'GET /api/v1/user_uploads/{wildcard_path}': guide(
    'messages',
    'Answers a temporary address for an uploaded file that works without credentials for about a minute: how a',
    'client with an API key lets a browser or media player open the file.',
  ),
  'GET /api/v1/attachments': guide(
    'messages',
    'Lists the files the user uploaded, with the messages that link each one and the total space they take.',
  ),
  'DELETE /api/v1/attachments/{attachment_id}': guide(
    'messages',
    'Deletes one of the user\'s uploaded files; messages that linked it show a broken link from then on.',
  ),
  'GET /api/v1/drafts': guide(
    'drafts',
    'Lists the drafts the user keeps on the server, with their recipients, topic, content and last change. Refused',
    'when the user turned draft syncing off.',
  ),
  'POST /api/v1/drafts': guide(
    'drafts',
    'Saves one or more drafts on the server, so the user\'s other devices see them, and answers their ids in order.',
    'Refused when the user turned draft syncing off.',
  ),
  'PATCH /api/v1/drafts/{draft_id}': guide('drafts', 'Replaces one of the user\'s drafts with the one given, recipients and all.'),
  'DELETE /api/v1/drafts/{draft_id}': guide('drafts', 'Deletes one of the user\'s drafts, typically once it has been sent.'),
  'GET /api/v1/saved_snippets': guide('drafts', 'Lists the user\'s saved snippets, texts they reuse in messages, oldest first.'),
  'POST /api/v1/saved_snippets': guide('drafts', 'Saves a reusable text with a title, and answers its id.'),
  'PATCH /api/v1/saved_snippets/{saved_snippet_id}': guide('drafts', 'Changes the title or text of one of the user\'s saved snippets.'),
  'DELETE /api/v1/saved_snippets/{saved_snippet_id}': guide('drafts', 'Deletes one of the user\'s saved snippets.'),
  'GET /api/v1/scheduled_messages': guide(
    'scheduled_messages',
    'Lists the user\'s messages waiting to be sent, soonest first; those the server tried and failed to send are',
    'marked `failed`.',
  ),
  'POST /api/v1/scheduled_messages': guide(
    'scheduled_messages',
    'Schedules a message: recipients and content as for sending, plus the time to send it. It is checked now as if it',
    'were sent, and again when its time comes; if it cannot be sent then, the user is told by a message from the',
    'notification bot.',
  ),
  'PATCH /api/v1/scheduled_messages/{scheduled_message_id}': guide(
    'scheduled_messages',
    'Changes a message not yet sent: its recipients, topic, content or time. A message that failed to send needs a',
    'new time to be tried again.',
  ),
  'DELETE /api/v1/scheduled_messages/{scheduled_message_id}': guide('scheduled_messages', 'Cancels a scheduled message: it is deleted and never sent.'),
  'POST /api/v1/external/{integration_name}': guide(
    'messages',
    'The URL a third-party service posts its notifications to (an incoming webhook). The named integration turns',
    'the service\'s payload into a message, sent as the user or bot whose `api_key` is in the URL (or whose Basic',
    'credentials come with the request) to the channel `stream` (a name or an id) in the integration\'s topic or',
    '`topic`, or, without `stream`, as a direct message to the bot\'s owner. An event the integration does not',
    'support is answered 200 with `UNSUPPORTED_WEBHOOK_EVENT_TYPE`. The integrations and their URLs are listed in',
    'register\'s `realm_incoming_webhook_bots`.',
  ),
};
