import {
  Tab as AriaTab,
  TabList as AriaTabList,
  TabPanel as AriaTabPanel,
  Tabs as AriaTabs,
  type Key,
} from 'react-aria-components';
import type { ReactNode } from 'react';
import styles from './tabs.module.css';

export interface TabItem {
  id: string;
  label: ReactNode;
  content: ReactNode;
}

/** Tabs with arrow-key navigation and the ARIA tab pattern (react-aria). */
export function Tabs({
  items,
  label,
  selected,
  onSelectionChange,
}: {
  items: TabItem[];
  /** Names the tab list for screen readers. */ label: string;
  selected?: string;
  onSelectionChange?(id: string): void;
}) {
  return (
    <AriaTabs
      className={styles.tabs}
      selectedKey={selected}
      onSelectionChange={onSelectionChange ? (key: Key) => onSelectionChange(String(key)) : undefined}
    >
      <AriaTabList aria-label={label} className={styles.list}>
        {items.map((item) => (
          <AriaTab key={item.id} id={item.id} className={styles.tab}>
            {item.label}
          </AriaTab>
        ))}
      </AriaTabList>
      {items.map((item) => (
        <AriaTabPanel key={item.id} id={item.id} className={styles.panel}>
          {item.content}
        </AriaTabPanel>
      ))}
    </AriaTabs>
  );
}
