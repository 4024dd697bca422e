import { Injectable } from '@nestjs/common';
import { Database } from '../database/database';
import { CLAIM_LEASE_MS } from './mail-retry';
import { MailKind, OutgoingMail } from './outgoing-mail';

/**
 * A row's identity: its id and its creation time in microseconds. A job names both, so a
 * job that reaches a process on another database (a Redis shared by mistake, or by tests)
 * claims nothing there, and the Message-ID of a database recreated from scratch is new.
 */
export interface MailKey {
  id: number;
  createdMicros: string;
}

/** SQL for a row's `createdMicros`. */
const CREATED_MICROS = `(extract(epoch from created_at) * 1000000)::bigint::text`;

/** A claimed mail, as one attempt sends it. */
export interface ClaimedMail extends OutgoingMail, MailKey {
  /** This attempt's number, counting from 1. */
  attempt: number;
}

interface RawMail {
  id: string | number;
  kind: MailKind;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  headers: Record<string, string> | string;
  from_name: string | null;
  created_micros: string;
  attempts: number;
}

/**
 * What a delivered or given-up mail keeps of its content: nothing. Bodies carry one-time
 * links (password resets, invitations) and message text from missed-message and digest
 * mails, and headers carry the recipient's unsubscribe link (docs/mail.md).
 */
const CLEARED_BODY = `text_body = '', html_body = NULL, headers = '{}'::jsonb`;

/** How many due mails one sweep read returns; the next sweep takes the rest. */
const SWEEP_BATCH = 100;

/**
 * The `mail_outbox` table. Every statement but `insert` runs on the pool in autocommit:
 * a claim is one UPDATE that moves the row's `next_attempt_at` a lease ahead, so two
 * processes never send one mail at once and no transaction stays open while SMTP talks.
 */
@Injectable()
export class MailStore {
  constructor(private readonly database: Database) {}

  /** In the caller's transaction. */
  async insert(mail: OutgoingMail): Promise<MailKey> {
    const [row] = await this.database.transaction.query<{ id: string | number; created_micros: string }>(
      `INSERT INTO mail_outbox (kind, to_address, subject, text_body, html_body, headers, from_name) VALUES ($1, $2, $3, $4, $5, $6, $7)
       RETURNING id, ${CREATED_MICROS} AS created_micros`,
      [mail.kind, mail.to, mail.subject, mail.text, mail.html ?? null, JSON.stringify(mail.headers ?? {}), mail.fromName ?? null],
    );
    return { id: Number(row.id), createdMicros: String(row.created_micros) };
  }

  /** The mail if it is pending and due (not claimed by anyone), now claimed for one attempt. */
  async claim(key: MailKey): Promise<ClaimedMail | null> {
    const [row] = await this.database.outsideTransaction(() =>
      this.database.query<RawMail>(
        // Wrapped in a SELECT: the driver answers a bare UPDATE ... RETURNING with [rows, count].
        `WITH claimed AS (
           UPDATE mail_outbox SET attempts = attempts + 1, next_attempt_at = clock_timestamp() + make_interval(secs => $3)
           WHERE id = $1 AND ${CREATED_MICROS} = $2 AND status = 'pending' AND next_attempt_at <= clock_timestamp()
           RETURNING id, kind, to_address, subject, text_body, html_body, headers, from_name, ${CREATED_MICROS} AS created_micros, attempts)
         SELECT * FROM claimed`,
        [key.id, key.createdMicros, CLAIM_LEASE_MS / 1000],
      ),
    );
    return row ? toClaimed(row) : null;
  }

  /** The mail server accepted it: the row stays as the record that it went, without what it said. */
  async markSent(id: number): Promise<void> {
    await this.outside(`UPDATE mail_outbox SET status = 'sent', sent_at = clock_timestamp(), last_error = NULL, ${CLEARED_BODY} WHERE id = $1`, [id]);
  }

  /** Try again after `delayMs`. */
  async retryLater(id: number, delayMs: number, error: string): Promise<void> {
    await this.outside(`UPDATE mail_outbox SET next_attempt_at = clock_timestamp() + make_interval(secs => $2), last_error = $3 WHERE id = $1`, [
      id,
      delayMs / 1000,
      error,
    ]);
  }

  /** Given up: refused for good, or out of attempts. */
  async markFailed(id: number, error: string): Promise<void> {
    await this.outside(`UPDATE mail_outbox SET status = 'failed', last_error = $2, ${CLEARED_BODY} WHERE id = $1`, [id, error]);
  }

  /**
   * Clears the body of any sent or given-up mail that still has one (rows written before
   * bodies were cleared on delivery), then drops such rows older than `retentionDays`.
   * Pending rows stay whatever their age: they are the only record of a mail still owed.
   */
  async purge(retentionDays: number): Promise<{ cleared: number; dropped: number }> {
    const cleared = await this.outside<{ id: string }>(
      `WITH cleared AS (
         UPDATE mail_outbox SET ${CLEARED_BODY}
         WHERE status <> 'pending' AND (text_body <> '' OR html_body IS NOT NULL OR headers <> '{}'::jsonb)
         RETURNING id)
       SELECT id FROM cleared`,
      [],
    );
    const dropped = await this.outside<{ id: string }>(
      `WITH dropped AS (
         DELETE FROM mail_outbox WHERE status <> 'pending' AND created_at < clock_timestamp() - make_interval(days => $1)
         RETURNING id)
       SELECT id FROM dropped`,
      [retentionDays],
    );
    return { cleared: cleared.length, dropped: dropped.length };
  }

  /** Pending mails due now, oldest first, with their attempts so far: one read of the partial index. */
  async due(): Promise<(MailKey & { attempts: number })[]> {
    const rows = await this.outside<{ id: string | number; created_micros: string; attempts: number }>(
      `SELECT id, ${CREATED_MICROS} AS created_micros, attempts FROM mail_outbox WHERE status = 'pending' AND next_attempt_at <= clock_timestamp() ORDER BY next_attempt_at, id LIMIT ${SWEEP_BATCH}`,
      [],
    );
    return rows.map((row) => ({ id: Number(row.id), createdMicros: String(row.created_micros), attempts: row.attempts }));
  }

  private outside<T = Record<string, unknown>>(sql: string, params: unknown[]): Promise<T[]> {
    return this.database.outsideTransaction(() => this.database.query<T>(sql, params));
  }
}

function toClaimed(row: RawMail): ClaimedMail {
  const headers = typeof row.headers === 'string' ? (JSON.parse(row.headers) as Record<string, string>) : row.headers;
  return {
    id: Number(row.id),
    kind: row.kind,
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    ...(row.html_body === null ? {} : { html: row.html_body }),
    ...(Object.keys(headers).length === 0 ? {} : { headers }),
    ...(row.from_name === null ? {} : { fromName: row.from_name }),
    createdMicros: String(row.created_micros),
    attempt: row.attempts,
  };
}
