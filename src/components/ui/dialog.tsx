import { useLingui } from '@lingui/react/macro';
import { Dialog as AriaDialog, Button as AriaButton, Heading, Modal, ModalOverlay } from 'react-aria-components';
import type { ReactNode } from 'react';
import styles from './dialog.module.css';

interface DialogProps {
  isOpen: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  children: ReactNode;
  /** 'sheet' slides up from the bottom on phones (the bank chooser); 'center' is a classic dialog. */
  placement?: 'center' | 'sheet';
  role?: 'dialog' | 'alertdialog';
  isDismissable?: boolean;
  /** 'large' gives documents (photos, PDFs) room on wide screens. */
  size?: 'normal' | 'large';
}

/** A modal that traps focus, closes on Escape and returns focus to what opened it (react-aria). */
export function Dialog({
  isOpen,
  onOpenChange,
  title,
  children,
  placement = 'center',
  role = 'dialog',
  isDismissable = true,
  size = 'normal',
}: DialogProps) {
  const { t } = useLingui();
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      className={`${styles.overlay} ${styles[placement]}`}
    >
      <Modal className={`${styles.modal} ${size === 'large' ? styles.large : ''}`}>
        <AriaDialog role={role} className={styles.dialog}>
          {/* A sheet has no button row of its own: a handle shows it can go, the close mark closes it. */}
          {placement === 'sheet' && <span className={styles.handle} aria-hidden="true" />}
          <div className={styles.head}>
            <Heading slot="title" className={styles.title}>
              {title}
            </Heading>
            {placement === 'sheet' && isDismissable && (
              <AriaButton slot="close" className={styles.close} aria-label={t`Close`}>
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                  <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
                </svg>
              </AriaButton>
            )}
          </div>
          {children}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}

export function DialogActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}
