import { Link, Outlet, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { LaoFlag } from '../../../../components/layout/flags';
import { LanguageSwitcher } from '../../../../components/layout/language-switcher';
import { OfflineIndicator } from '../../../../components/layout/offline-indicator';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogActions } from '../../../../components/ui/dialog';
import { forgetAheadCase } from '../../api/next-case';
import { officerLogout } from '../../api/officer-api';
import { ROLES } from '../../labels';
import { useDesk } from '../../stores/desk';
import { useKeyList } from '../../stores/keys';
import { KeysHelp } from './keys-help';
import styles from './desk.module.css';

function LogOut() {
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState(false);
  const confirm = async () => {
    setPending(true);
    await officerLogout();
    // Nothing of the office's cases outlives the session in this tab's memory either.
    forgetAheadCase();
    useDesk.getState().forget();
    forgetAheadCase();
    await navigate({ to: '/login', replace: true });
  };
  return (
    <>
      <Button variant="ghost" onPress={() => setAsking(true)}>
        <Trans>Log out</Trans>
      </Button>
      <Dialog
        isOpen={asking}
        onOpenChange={(open) => !open && !pending && setAsking(false)}
        role="alertdialog"
        title={<Trans>Log out?</Trans>}
      >
        <p>
          <Trans>Do you want to log out of your account on this device?</Trans>
        </p>
        <DialogActions>
          <Button variant="secondary" onPress={() => setAsking(false)} isDisabled={pending} autoFocus>
            <Trans>No</Trans>
          </Button>
          <Button variant="danger" onPress={() => void confirm()} pending={pending}>
            <Trans>Yes, log out</Trans>
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/**
 * The back office's frame: one header as wide as the content under it, with where the officer can
 * go (the queues; for an admin the officers, the reasons and the calendar), the language, the list
 * of keys and the way out; then the screen.
 */
export function DeskLayout() {
  const { t, i18n } = useLingui();
  const role = useDesk((s) => s.role);
  const helpOpen = useKeyList((s) => s.helpOpen);
  useEffect(() => {
    void useDesk.getState().refresh();
  }, []);
  // "?" lists the keys of whichever screen is open (Shift is part of "?" on most layouts).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '?' || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input:not([type=checkbox]):not([type=radio]), textarea, select, [contenteditable]')) return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      event.preventDefault();
      useKeyList.setState({ helpOpen: true });
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  const admin = role === 'admin';
  const link = { className: styles.navLink, activeProps: { 'aria-current': 'page' as const } };
  return (
    <div className={styles.frame}>
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <Link to="/officer" className={styles.brand}>
            <LaoFlag />
            <span>
              <Trans>Back office</Trans>
            </span>
          </Link>
          <nav className={styles.nav} aria-label={t`Back office`}>
            <Link to="/officer" {...link} activeOptions={{ exact: false, includeSearch: false }}>
              <Trans>Queues</Trans>
            </Link>
            {(admin || role === 'issuer') && (
              <Link to="/officer/pickup-desk" {...link}>
                <Trans>Pick-up desk</Trans>
              </Link>
            )}
            <Link to="/officer/figures" {...link}>
              <Trans>Office figures</Trans>
            </Link>
            {admin && (
              <>
                <Link to="/officer/accounts" {...link}>
                  <Trans>Officer accounts</Trans>
                </Link>
                <Link to="/officer/reasons" {...link}>
                  <Trans>Reasons</Trans>
                </Link>
                <Link to="/officer/calendar" {...link}>
                  <Trans>Calendar</Trans>
                </Link>
              </>
            )}
          </nav>
          <div className={styles.tools}>
            {role && (
              <span className={styles.role} data-testid="officer-role">
                {i18n._(ROLES[role])}
              </span>
            )}
            <button
              type="button"
              className={styles.keysButton}
              aria-keyshortcuts="?"
              onClick={() => useKeyList.setState({ helpOpen: true })}
            >
              <kbd aria-hidden="true">?</kbd>
              <span>
                <Trans>Keys</Trans>
              </span>
            </button>
            <LanguageSwitcher />
            <LogOut />
          </div>
        </div>
        <OfflineIndicator />
      </header>
      <main id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <KeysHelp isOpen={helpOpen} onClose={() => useKeyList.setState({ helpOpen: false })} />
    </div>
  );
}
