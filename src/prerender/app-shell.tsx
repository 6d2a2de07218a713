import { Page } from '../components/layout/page';
import { Skeleton, SkeletonCard } from '../components/ui/skeleton';
import headerStyles from '../components/layout/app-header.module.css';

/**
 * What a signed-in screen (and any address without its own prerendered page) paints before the
 * app runs: the header bar and grey blocks where the content will be, with no words in either
 * language. The app replaces it with the real screen (it is not hydrated).
 */
export function AppShell() {
  return (
    <Page
      header={
        <div className={headerStyles.header}>
          <span />
          <Skeleton width="45%" height={20} />
          <Skeleton width={64} height={32} />
        </div>
      }
    >
      <div aria-busy="true">
        <SkeletonCard lines={2} />
      </div>
      <SkeletonCard lines={4} />
      <SkeletonCard lines={3} />
    </Page>
  );
}
