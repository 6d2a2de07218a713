import type { PlaceMatch } from '../../../../contract/place-match';
import { api } from '../../../lib/api-client';

/** The province, district and village an address names (clear ones set, candidates best first). */
export const matchAddress = (address: string) =>
  api<{ data: PlaceMatch }>(`/v1/master-data/location/match?address=${encodeURIComponent(address)}`, {
    auth: false,
    signal: AbortSignal.timeout(8000),
  }).then((r) => r.data);
