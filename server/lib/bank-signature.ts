import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { BANK_TIMESTAMP_TOLERANCE_S } from '../../contract/payments';
import { ErrorCode } from '../../contract/errors';
import { unauthorized } from './http-error';

export const BANK_SECRET_FILE = 'bank-callback-secret';

/**
 * The HMAC secret shared with the bank: BANK_CALLBACK_SECRET, or else one generated on the first
 * start and kept in DATA_DIR (readable by the server's user only), so restarts keep it and the
 * operator can copy it to the bank. Read once at start.
 */
export function resolveBankCallbackSecret(
  opts: { bankCallbackSecret?: string; dataDir: string },
  log?: { info(o: object, m: string): void },
): string {
  if (opts.bankCallbackSecret) return opts.bankCallbackSecret;
  const file = path.join(opts.dataDir, BANK_SECRET_FILE);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 });
    // Written aside and linked into place: another process never reads a half-written secret, and
    // if two start at once the second link fails and both use the first one's secret.
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, `${crypto.randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
    try {
      fs.linkSync(tmp, file);
      log?.info({ file }, 'generated the bank callback secret; give it to the bank');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      fs.rmSync(tmp, { force: true });
    }
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < 32)
    throw new Error(
      `${file} holds fewer than 32 characters: delete it to generate a new secret, or set BANK_CALLBACK_SECRET.`,
    );
  return secret;
}

/** Lowercase hex HMAC-SHA256 of `${timestamp}.${raw body}`, keyed with the secret's UTF-8 bytes. */
export function signBankCallback(secret: string, timestamp: string, rawBody: Buffer | string): string {
  return crypto.createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

/**
 * Refuses (401) a call the bank did not sign, or signed more than five minutes away from our clock
 * (a captured call replayed later). The signature is checked first, so only a genuine bank call
 * learns that its clock is off.
 */
export function checkBankSignature(
  secret: string,
  timestamp: unknown,
  signature: unknown,
  rawBody: Buffer,
  nowMs = Date.now(),
): void {
  const bad = () => unauthorized('Missing or wrong X-Bank-Signature.', ErrorCode.badSignature);
  if (typeof timestamp !== 'string' || !/^\d{1,12}$/.test(timestamp)) throw bad();
  if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/.test(signature)) throw bad();
  const expected = Buffer.from(signBankCallback(secret, timestamp, rawBody), 'hex');
  if (!crypto.timingSafeEqual(expected, Buffer.from(signature, 'hex'))) throw bad();
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > BANK_TIMESTAMP_TOLERANCE_S) {
    throw unauthorized('X-Bank-Timestamp is more than 5 minutes from the server time.', ErrorCode.staleTimestamp);
  }
}
