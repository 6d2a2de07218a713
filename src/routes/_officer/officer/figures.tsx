import { createFileRoute } from '@tanstack/react-router';
import { FiguresScreen, type FiguresSearch } from '../../../features/office-figures/components/figures-screen';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The period and the office live in the address, so a link shares the very figures; nonsense is dropped. */
function validateSearch(input: Record<string, unknown>): FiguresSearch {
  const day = (v: unknown) => (typeof v === 'string' && DAY.test(v) ? v : undefined);
  const scope =
    typeof input.scope === 'string' && /^(country|province:\d+|district:\d+)$/.test(input.scope)
      ? input.scope
      : undefined;
  return { scope, from: day(input.from), to: day(input.to) };
}

export const Route = createFileRoute('/_officer/officer/figures')({
  validateSearch,
  component: function FiguresRoute() {
    return <FiguresScreen search={Route.useSearch()} />;
  },
});
