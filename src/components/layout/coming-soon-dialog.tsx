import { lazy, Suspense, useState } from 'react';

// The dialog (react-aria's overlay, focus trap and button) loads at the first tap on a
// 'coming soon' item: it is on the home screen and the bottom bar, but rarely opened.
const ComingSoonDialogBody = lazy(() => import('./coming-soon-dialog-body'));

/** The feature-unavailable notice of every 'coming soon' item, with its Close button. */
export function ComingSoonDialog({ isOpen, onClose }: { isOpen: boolean; onClose(): void }) {
  const [wanted, setWanted] = useState(isOpen);
  if (isOpen && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ComingSoonDialogBody isOpen={isOpen} onClose={onClose} />
    </Suspense>
  );
}
