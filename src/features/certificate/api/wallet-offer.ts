import type { WalletOffer } from '../../../../contract/wallet';
import { api } from '../../../lib/api-client';

/** POST …/{id}/wallet-offer: a new credential offer and its PIN (an older offer not redeemed is voided). */
export async function createWalletOffer(id: number): Promise<WalletOffer> {
  return (await api<{ data: WalletOffer }>(`/v1/citizen/resident-certificate/${id}/wallet-offer`, { method: 'POST' }))
    .data;
}
