import { useEffect, useRef, type RefObject } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Menu, MenuItem, Popover } from 'react-aria-components';
import { saveAccountLanguage } from '../../lib/account-language';
import { activateLanguage } from '../../lib/i18n';
import type { Language } from '../../../contract/master-data';
import { LANGUAGE_OPTIONS } from './language-options';
import styles from './language-switcher.module.css';

interface Props {
  triggerRef: RefObject<HTMLButtonElement | null>;
  isOpen: boolean;
  onOpenChange(open: boolean): void;
  current: Language;
}

export default function LanguageMenu({ triggerRef, isOpen, onOpenChange, current }: Props) {
  const { t } = useLingui();
  const menu = useRef<HTMLDivElement>(null);
  // Opened again after a choice, react-aria marks the chosen language as focused but leaves the
  // keyboard focus on the list itself; put it on the chosen language, where Enter and arrows expect it.
  useEffect(() => {
    if (!isOpen) return;
    const frame = requestAnimationFrame(() => {
      if (document.activeElement === menu.current)
        menu.current?.querySelector<HTMLElement>('[aria-checked="true"]')?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [isOpen]);
  return (
    <Popover
      triggerRef={triggerRef}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      className={styles.popover}
      placement="bottom end"
      // Outside a MenuTrigger the popover is a dialog, and a dialog needs a name.
      aria-label={t`Choose language`}
    >
      <Menu
        ref={menu}
        className={styles.menu}
        autoFocus="first"
        aria-label={t`Choose language`}
        selectionMode="single"
        selectedKeys={[current]}
        onAction={(key) => {
          onOpenChange(false);
          void activateLanguage(key as Language, true);
          void saveAccountLanguage(key as Language);
        }}
      >
        {LANGUAGE_OPTIONS.map(({ id, label, name, Flag }) => (
          <MenuItem key={id} id={id} className={styles.item} textValue={name} lang={id}>
            <Flag />
            <span className={styles.code}>{label}</span>
            <span>{name}</span>
          </MenuItem>
        ))}
      </Menu>
    </Popover>
  );
}
