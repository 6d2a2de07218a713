import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
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
export function Dialog({ isOpen, onOpenChange, title, children, placement = 'center', role = 'dialog', isDismissable = true, size = 'normal' }: DialogProps) {
  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={onOpenChange} isDismissable={isDismissable} className={`${styles.overlay} ${styles[placement]}`}>
      <Modal className={`${styles.modal} ${size === 'large' ? styles.large : ''}`}>
        <AriaDialog role={role} className={styles.dialog}>
          <Heading slot="title" className={styles.title}>{title}</Heading>
          {children}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}

export function DialogActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}
