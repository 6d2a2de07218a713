import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { FigureKey } from '../../../contract/office-figures';

/** Each figure's name on the screen, and what it counts. */
export const FIGURE_LABELS: Record<FigureKey, { name: MessageDescriptor; about: MessageDescriptor }> = {
  received: { name: msg`Applications received`, about: msg`Created in the period.` },
  paid: { name: msg`Applications paid`, about: msg`Payment confirmed in the period.` },
  decided: { name: msg`Decisions`, about: msg`Paid applications approved or rejected in the period.` },
  approved: { name: msg`Approved`, about: msg`Decisions that approved.` },
  rejected: { name: msg`Rejected`, about: msg`Decisions that rejected.` },
  within_3_days: {
    name: msg`Decided within 3 working days`,
    about: msg`From the payment to the decision; days waiting on the citizen do not count.`,
  },
  within_5_days: { name: msg`Decided within 5 working days`, about: msg`As above, within 5 working days.` },
  median_days: { name: msg`Median working days to a decision`, about: msg`Half of the decisions took at most this.` },
  overdue_now: { name: msg`Overdue now`, about: msg`Open cases past their due day, today.` },
  at_risk_now: { name: msg`At risk now`, about: msg`Open cases due by the end of the next working day.` },
  officer_minutes: {
    name: msg`Officer minutes per decision`,
    about: msg`From opening the case to deciding it, on average (from the access log).`,
  },
  no_shows: { name: msg`Pick-up no-shows`, about: msg`Booked pick-ups nobody came to.` },
  completion_rate: {
    name: msg`Completion rate`,
    about: msg`Applications created in the period that got paid (drafts stay on the phone and are not counted).`,
  },
  digital_take_up: {
    name: msg`Digital take-up`,
    about: msg`Certificates downloaded, against downloads and pick-ups at an office.`,
  },
  satisfaction: { name: msg`User satisfaction`, about: msg`Average answer from 1 to 5 after the certificate.` },
};
