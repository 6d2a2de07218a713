import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';

/** The browser tab, the task switcher and screen readers name the app in the chosen language too. */
export function DocumentTitle() {
  const { t, i18n } = useLingui();
  const title = t`Lao e-Government`;
  useEffect(() => {
    document.title = title;
  }, [title, i18n.locale]);
  return null;
}
