import { useEffect, useRef } from 'react';
import { useKeyList, type KeyHelp } from '../../stores/keys';

export interface KeyBinding extends KeyHelp {
  run(event: KeyboardEvent): void;
  /** Not offered in this state (no such action now): neither run nor listed. */
  off?: boolean;
}

/** Typing in a field, or a dialog over the screen: single-letter keys are the officer's words then. */
function typing(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null;
  if (!target) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') {
    const type = (target as HTMLInputElement).type;
    return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(type);
  }
  return false;
}

const dialogOpen = () => document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;

/**
 * A screen's keys: each runs on its own key (no Ctrl, Alt or Meta, so the browser's own keys stay
 * as they are), never while the officer types or a dialog is open, and each is listed under "?".
 */
export function useKeys(bindings: KeyBinding[]): void {
  const current = useRef(bindings);
  current.current = bindings;
  const listed = bindings
    .filter((b) => !b.off)
    .map((b) => `${b.keys.join('/')}:${b.label.id}`)
    .join('|');
  useEffect(() => {
    useKeyList.setState({ keys: current.current.filter((b) => !b.off).map(({ keys, label }) => ({ keys, label })) });
  }, [listed]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented || event.repeat) return;
      if (typing(event) || dialogOpen()) return;
      const binding = current.current.find((b) => !b.off && b.keys.includes(event.key));
      if (!binding) return;
      event.preventDefault();
      binding.run(event);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      useKeyList.setState({ keys: [] });
    };
  }, []);
}
