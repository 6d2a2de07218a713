import type { Fee } from '../../../../contract/application';
import { api } from '../../../lib/api-client';

/** GET …/fee: what a new application costs, from the server's configuration (never a fixed text). */
export async function fetchFee(): Promise<Fee> {
  return (await api<{ data: Fee }>('/v1/citizen/resident-certificate/fee')).data;
}
