import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/**
 * The 8 sections of the terms and conditions: acceptance, use, data consent, status and
 * notifications, certificate download, service changes, user responsibility, contact.
 */
export const TERMS_SECTIONS: { id: string; title: MessageDescriptor; body: MessageDescriptor[] }[] = [
  {
    id: 'acceptance',
    title: msg`1. Acceptance of these terms`,
    body: [
      msg`By creating an account or using this service you accept these terms. If you do not accept them, please do not use the service and apply at a district office instead.`,
    ],
  },
  {
    id: 'use',
    title: msg`2. Use of the service`,
    body: [
      msg`This service lets residents of the Lao PDR apply for a resident certificate, pay the fee and receive the certificate. Use it only for your own applications, with true and complete information.`,
      msg`Do not try to access other people's accounts or data, or to disturb the service. Misuse may lead to the account being closed and to legal action.`,
    ],
  },
  {
    id: 'data',
    title: msg`3. Consent to the use of your data`,
    body: [
      msg`You agree that the personal data and documents you provide (such as your name, date of birth, address, ID card, photo and household registration book) are used to handle your applications and to verify your identity.`,
      msg`Your data is kept by the government service, is only seen by the officers who handle your applications, and is not sold or shared for other purposes except where the law requires it.`,
    ],
  },
  {
    id: 'status',
    title: msg`4. Application status and notifications`,
    body: [
      msg`You can follow each application in the app. We notify you in the app, and by email where needed, when the status of an application or payment changes. Keep your email address and phone number up to date.`,
    ],
  },
  {
    id: 'download',
    title: msg`5. Downloading the certificate`,
    body: [
      msg`An issued e-certificate can be downloaded as a PDF. It carries a code that anyone can check with the issuing office. You may also book a date to pick up a printed certificate at the office. Do not alter a certificate: an altered certificate is not valid.`,
    ],
  },
  {
    id: 'changes',
    title: msg`6. Changes to the service`,
    body: [
      msg`The service, its fees and these terms may change. We announce important changes in the app before they apply. Applications already submitted are handled under the terms in force when they were submitted.`,
    ],
  },
  {
    id: 'responsibility',
    title: msg`7. Your responsibilities`,
    body: [
      msg`You are responsible for the accuracy of the information and documents you submit, for keeping your password secret and for logging out on shared devices. Tell customer service at once if you think someone else has used your account.`,
    ],
  },
  {
    id: 'contact',
    title: msg`8. Contact`,
    body: [msg`For questions about these terms or your data, contact customer service:`],
  },
];
