import fs from 'node:fs';
import { hash, verify } from '@node-rs/argon2';
import { appPath } from '../paths';

/** argon2id at OWASP's minimum (19 MiB, 2 passes, 1 lane): ~20 ms per hash on our machines. */
const ARGON2 = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so both answers take the same time. */
let decoy: Promise<string> | undefined;
export const decoyHash = () => (decoy ??= hashPassword('decoy-password-never-valid-1A'));

let common: Set<string> | undefined;
/** The 10,000 most used passwords (server/data/common-passwords.txt), compared case-insensitively. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(
    fs
      .readFileSync(appPath('server', 'data', 'common-passwords.txt'), 'utf8')
      .split('\n')
      .map((l) => l.trim().toLowerCase())
      .filter(Boolean),
  );
  return common.has(password.toLowerCase());
}
