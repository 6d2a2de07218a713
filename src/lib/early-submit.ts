/**
 * A form of the first screens is painted before the app runs, marked `data-early-tap`; a tap on it
 * then is kept by the page's start script (contract/start-app-script.ts). Called once the form's
 * own handler is live: the form stops waiting for the app, and a tap kept for it is sent now, once.
 */
export function takeOverEarlyForm(form: HTMLFormElement): void {
  delete form.dataset.earlyTap;
  const d = document as Document & { earlySubmit?: HTMLFormElement };
  if (d.earlySubmit !== form) return;
  delete d.earlySubmit;
  form.requestSubmit();
}
