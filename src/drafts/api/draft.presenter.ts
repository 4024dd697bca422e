import { RecipientType } from '../../shared/recipient-type';
import { DraftRow } from '../persistence/draft.store';

/** Zulip's `Draft.to_dict()`. */
export interface DraftWire {
  id: number;
  type: 'stream' | 'private' | '';
  to: number[];
  topic: string;
  content: string;
  timestamp: number;
}

export function presentDraft(row: DraftRow): DraftWire {
  const base = { id: row.id, topic: row.topic, content: row.content, timestamp: Math.floor(row.lastEditTime.getTime() / 1000) };
  if (row.recipientType === null) return { ...base, type: '', to: [] };
  if (row.recipientType === RecipientType.Stream) return { ...base, type: 'stream', to: [row.typeId as number] };
  if (row.recipientType === RecipientType.Personal) return { ...base, type: 'private', to: [row.typeId as number] };
  return { ...base, type: 'private', to: row.groupMembers ?? [] };
}
