/**
 * One Idempotency-Key per withdrawal the person means (docs/api/user-area.md): a double click or
 * a retry of the same attempt sends the same key, so the server places one hold; a new amount,
 * type or PIN, or an attempt that got its answer, starts a new key.
 *
 * The server stores its answer under the key, a refusal too: a wrong PIN (400) sent again under
 * the same key would only replay that refusal, so a refusal ends the attempt (`finish`) and the
 * next PIN goes with a new key. Only an unknown outcome (no answer, 5xx) keeps the key. The PIN is
 * part of the attempt because the server refuses a key sent again with another body (422); a new
 * key for another PIN cannot withdraw twice, since at most one PIN is right.
 */
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { WithdrawalRequest } from './api';

/** A random UUID v4; `crypto.randomUUID` where the browser has it (secure contexts). */
export function newAttemptKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 4122 variant
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export class AttemptKeys {
  private current: { request: string; key: string } | null = null;

  constructor(private readonly generate: () => string = newAttemptKey) {}

  /** The key to send with this request: the open attempt's if it is the same request, else a new one. */
  keyFor(request: WithdrawalRequest): string {
    const fingerprint = `${request.type}:${request.amount}:${request.pin ?? ''}`;
    if (this.current?.request !== fingerprint) this.current = { request: fingerprint, key: this.generate() };
    return this.current.key;
  }

  /** The attempt got its final answer: whatever comes next is a new attempt. */
  finish(): void {
    this.current = null;
  }
}

/**
 * Whether a failed request ended its attempt. A refusal (4xx) is final, and a new key lets a
 * corrected retry be judged afresh instead of replaying the stored refusal; but when the outcome
 * is unknown (network, 5xx) or the first request is still running (409), a retry must keep the key.
 */
export function endsAttempt(error: unknown): boolean {
  const status = (error as FetchBaseQueryError | undefined)?.status;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 409;
}
