import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** The 4 questions of the FAQ; each answer is a list of short paragraphs. */
export const FAQ_ENTRIES: { id: string; question: MessageDescriptor; answer: MessageDescriptor[] }[] = [
  {
    id: 'apply',
    question: msg`How do I apply for a resident certificate?`,
    answer: [
      msg`On the home screen choose Resident certificate, then New certificate. The application has 3 steps: your applicant data, your documents, and the payment.`,
      msg`You need a 3x4 photo of yourself, your household registration book and a proof of residence, as JPG or PNG pictures or PDF files of up to 10\u00a0MB each.`,
    ],
  },
  {
    id: 'pay',
    question: msg`How do I pay the fee?`,
    answer: [
      msg`After you submit, the app shows the amount and a virtual account number for the bank you chose. Pay by transfer at a bank ATM or in your bank's mobile app before the deadline shown.`,
      msg`Then upload a picture of your payment receipt on the same screen. The steps for ATM and mobile app are under How to pay.`,
    ],
  },
  {
    id: 'time',
    question: msg`How long does it take, and how do I follow my application?`,
    answer: [
      msg`Your application is processed within 3 working days after your payment is confirmed.`,
      msg`Open History in the bottom bar to see the status of each application. You also receive a notification at every step: tap the bell at the top of the screen.`,
    ],
  },
  {
    id: 'receive',
    question: msg`How do I receive my certificate, and what if my application is rejected?`,
    answer: [
      msg`When the certificate is issued you can download it as a PDF, or book a date and time to pick it up at the office.`,
      msg`If an application is rejected, the notes say why. Correct the data or documents and apply again from Applied before; a fee you already paid is carried over.`,
    ],
  },
];
