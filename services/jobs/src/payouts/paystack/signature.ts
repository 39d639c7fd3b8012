/**
 * Paystack signs every webhook it sends: `x-paystack-signature` is the hex HMAC-SHA512 of the raw
 * request body, keyed with the integration's secret key. Check it on the raw bytes, before parsing.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The signature Paystack puts in `x-paystack-signature` for this body. */
export function paystackSignature(rawBody: Buffer | string, secretKey: string): string {
  return createHmac('sha512', secretKey).update(rawBody).digest('hex');
}

/** Whether `signature` is Paystack's signature of `rawBody`; compared in constant time. */
export function paystackSignatureValid(
  rawBody: Buffer,
  signature: string | undefined,
  secretKey: string,
): boolean {
  if (!signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = Buffer.from(paystackSignature(rawBody, secretKey), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
