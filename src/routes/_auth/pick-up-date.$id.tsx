import { createFileRoute } from '@tanstack/react-router';
import { PickupScreen } from '../../features/pickup/components/pickup-screen';

/** `?date=&time=`: a time offered elsewhere (the nearest free ones after a refusal), chosen on arrival. */
interface PickupSearch {
  date?: string;
  time?: string;
}

export const Route = createFileRoute('/_auth/pick-up-date/$id')({
  validateSearch: (search: Record<string, unknown>): PickupSearch => ({
    ...(typeof search.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(search.date) ? { date: search.date } : {}),
    ...(typeof search.time === 'string' && /^\d{2}:\d{2} [AP]M$/.test(search.time) ? { time: search.time } : {}),
  }),
  component: function PickUpDateRoute() {
    const { id } = Route.useParams();
    const { date, time } = Route.useSearch();
    return <PickupScreen key={`${id} ${date} ${time}`} id={Number(id)} offered={date ? { date, time } : undefined} />;
  },
});
