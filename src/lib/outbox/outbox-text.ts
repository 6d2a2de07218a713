import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { ticketNumber } from '../../../contract/application';
import { errorMessage } from '../error-messages';
import { i18n } from '../i18n';
import { formatCalendarDate, formatSlotTime } from '../format';
import { effectiveState, type OutboxEntry } from './entry';
import { refusalError } from './refusal';

/** What the citizen sees of an entry, in the chosen language. */
export function entryTitle(e: OutboxEntry): string {
  const ticket = e.applicationId ? ticketNumber(e.applicationId) : '';
  switch (e.kind) {
    case 'create-new':
      return i18n._(msg`New resident certificate application`);
    case 're-apply':
      return i18n._(msg`Applying again for ${ticket}`);
    case 'upload-payment':
      return i18n._(msg`Proof of payment for ${ticket}`);
    case 'answer-request':
      return i18n._(msg`Your answer to the office for ${ticket}`);
    case 'set-pickup-date': {
      const when = e.detail.date ? `${formatCalendarDate(e.detail.date)}, ${formatSlotTime(e.detail.time ?? '')}` : '';
      return i18n._(msg`Pick-up of ${ticket}: ${when}`);
    }
  }
}

export type ShownState = 'waiting' | 'confirming' | 'sending' | 'sent' | 'needs-action' | 'expired';

export function shownState(e: OutboxEntry, now = Date.now(), held: Set<string> | null = null): ShownState {
  const s = effectiveState(e, now, held);
  // Sent again only to learn the first answer: to the citizen that is confirming, not sending anew.
  if ((s === 'waiting' || s === 'sending') && e.maybeReached) return 'confirming';
  return s;
}

export const STATE_LABELS: Record<ShownState, MessageDescriptor> = {
  waiting: msg`Waiting for a connection`,
  confirming: msg`Being confirmed`,
  sending: msg`Sending`,
  sent: msg`Sent`,
  'needs-action': msg`Needs your action`,
  expired: msg`Not sent`,
};

/** The ticket the server gave: the new application's, or the one the request was about. */
export function sentTicket(e: OutboxEntry): string | null {
  const id = e.resultId ?? e.applicationId;
  return id ? ticketNumber(id) : null;
}

/** The sentence that tells the citizen how an entry ended. */
export function outcomeSentence(e: OutboxEntry): string {
  const ticket = sentTicket(e) ?? '';
  if (e.state === 'sent') {
    switch (e.kind) {
      case 'create-new':
      case 're-apply':
        return i18n._(msg`Your application was sent. Ticket number: ${ticket}.`);
      case 'upload-payment':
        return i18n._(msg`Your proof of payment for ${ticket} was sent.`);
      case 'set-pickup-date':
        return i18n._(msg`Your pick-up booking for ${ticket} was sent.`);
      case 'answer-request':
        return i18n._(msg`Your answer for ${ticket} was sent. The application is back with the officer.`);
    }
  }
  const title = entryTitle(e);
  if (e.state === 'expired')
    return i18n._(msg`${title} was not sent: it waited 7 days without a connection. Please do it again.`);
  const reason = refusalReason(e);
  return i18n._(msg`${title} was not accepted: ${reason}`);
}

export function refusalReason(e: OutboxEntry): string {
  if (!e.refusal || e.refusal.code === 'payload_missing')
    return i18n._(msg`The saved data could not be read on this phone. Please do it again.`);
  return errorMessage(refusalError(e.refusal));
}

/** The device could not keep the request: say so, and that the form is still there. */
export function storageProblem(err: { reason: 'quota' | 'incomplete' | 'failed' }): string {
  return err.reason === 'quota'
    ? i18n._(
        msg`There is not enough free space on this phone to keep your request. Free some space and try again — your form is kept.`,
      )
    : i18n._(msg`Your request could not be saved on this phone. Try again — your form is kept.`);
}
