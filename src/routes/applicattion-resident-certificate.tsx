import { createFileRoute, redirect } from '@tanstack/react-router';

/** The product's original, misspelt path: old links keep working (docs/decisions.md#the-misspelt-path-redirects). */
export const Route = createFileRoute('/applicattion-resident-certificate')({
  beforeLoad: () => {
    throw redirect({ to: '/application-resident-certificate', replace: true });
  },
});
