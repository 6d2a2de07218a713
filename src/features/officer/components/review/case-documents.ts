import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ShownDocument } from '../../../../components/ui/document-viewer';
import { DOCUMENT_LABELS } from '../../../../lib/application-labels';
import type { OfficerCase } from '../../api/case-detail';

const ORDER = ['household_registration_book', 'proof_of_residence', 'applicant_photo'] as const;
const ID_CARD = msg`ID card from registration`;

/**
 * The documents of a case in the order they are checked: household book, proof of residence,
 * photo, proof of payment, then the ID card from registration when kept. Someone else's files:
 * fetched when shown, never kept on the officer's machine.
 */
export function caseDocuments(c: OfficerCase, i18n: I18n): ShownDocument[] {
  const out: ShownDocument[] = [];
  for (const kind of ORDER) {
    const path = c.document_submit[`${kind}_path`];
    if (path)
      out.push({
        title: i18n._(DOCUMENT_LABELS[kind]),
        source: { path, name: c.document_submit[`${kind}_name`] ?? undefined, keep: false },
      });
  }
  if (c.payment.proof_of_payment_path)
    out.push({
      title: i18n._(DOCUMENT_LABELS.proof_of_payment),
      source: { path: c.payment.proof_of_payment_path, keep: false },
    });
  if (c.id_card_image_path) out.push({ title: i18n._(ID_CARD), source: { path: c.id_card_image_path, keep: false } });
  return out;
}
