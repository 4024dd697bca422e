/**
 * The most terms a narrow may have, for messages and for event queues alike. Ours (Zulip
 * sets none): each term is a condition on every row searched or every event matched, and
 * ten thousand negated terms held a request for seconds. Clients send a handful.
 */
export const MAX_NARROW_TERMS = 100;
