import { ApiError } from '../api-client';
import type { OutboxRefusal } from './entry';

/** The server's refusal as the error the screens already know how to explain. */
export const refusalError = (r: OutboxRefusal) => new ApiError('http', r.status, r.code, r.message, r.fields, r.data);
