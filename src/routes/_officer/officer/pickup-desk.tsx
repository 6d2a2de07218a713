import { createFileRoute } from '@tanstack/react-router';
import { PickupDeskScreen, type DeskSearch } from '../../../features/pickup-desk/components/pickup-desk-screen';

/**
 * The ID number from a photo of the card, by the registration's reader (features never import each
 * other: the route hands it over). Loaded on the first photo only, never with the desk itself.
 */
async function readCardNumber(photo: Blob): Promise<string | null> {
  const { readIdCard } = await import('../../../features/registration/ocr/read-id-card');
  const reading = await readIdCard(photo);
  return reading.fields.idNumber?.value ?? null;
}

function validateSearch(input: Record<string, unknown>): DeskSearch {
  const date = typeof input.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(input.date) ? input.date : undefined;
  const district = Number(input.district);
  return { date, district: Number.isInteger(district) && district > 0 ? district : undefined };
}

export const Route = createFileRoute('/_officer/officer/pickup-desk')({
  validateSearch,
  component: function PickupDeskRoute() {
    return <PickupDeskScreen search={Route.useSearch()} readCard={readCardNumber} />;
  },
});
