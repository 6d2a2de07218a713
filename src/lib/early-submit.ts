/**
 * Sends the form the page's start script kept (contract/start-app-script.ts): one tapped before the
 * app ran. Only the very element that was tapped, still on the screen: a screen drawn afresh over
 * the page (not hydrated) has other elements, and its form is not sent in the citizen's place.
 */
export function sendEarlySubmit(): void {
  const d = document as Document & { earlySubmit?: HTMLFormElement };
  const form = d.earlySubmit;
  delete d.earlySubmit;
  if (form?.isConnected) form.requestSubmit();
}
