import { ErrorCode } from '../../../contract/errors';
import { HttpError } from '../../lib/http-error';

/** The answers of the auth routes that the client maps to catalogue text and to a field. */
export const emailTaken = () =>
  new HttpError(409, ErrorCode.emailTaken, 'This email is already registered.', { email: ErrorCode.emailTaken });
export const phoneTaken = () =>
  new HttpError(409, ErrorCode.phoneTaken, 'This phone number is already registered.', {
    phone_number: ErrorCode.phoneTaken,
  });
export const idCardTaken = () =>
  new HttpError(409, ErrorCode.idCardTaken, 'This ID card number is already registered.', {
    id_card: ErrorCode.idCardTaken,
  });
export const commonPassword = () =>
  new HttpError(400, ErrorCode.validation, 'This password is too common.', { password: 'password_common' });

/** A unique-constraint race (two registrations at once) answered like the check before it. */
export function uniqueViolation(err: unknown): HttpError | null {
  const e = err as {
    code?: string;
    constraint?: string;
    cause?: { code?: string; constraint?: string; message?: string };
    message?: string;
  };
  const code = e.code ?? e.cause?.code;
  if (code !== '23505') return null;
  const where = `${e.constraint ?? ''} ${e.cause?.constraint ?? ''} ${e.message ?? ''} ${e.cause?.message ?? ''}`;
  if (where.includes('phone')) return phoneTaken();
  if (where.includes('id_card')) return idCardTaken();
  return emailTaken();
}
