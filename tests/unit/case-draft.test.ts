import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { caseDraftBody } from '../../contract/officer-day';
import { fromStored, toStored, type CaseDraft } from '../../src/features/officer/api/case-draft-shape';

/** What the officer types on a case travels to the server's one draft per case and back unchanged. */
describe("an officer's draft", () => {
  const drafts: CaseDraft[] = [
    { last: 'reject', reject: { reason_codes: ['household_book_unreadable'], notes: 'Page 2 is blurred.' } },
    {
      last: 'request',
      request: {
        reason_codes: ['household_book_unreadable'],
        message: 'Please send page 2 again.',
        documents: ['household_registration_book'],
        fields: ['house_number'],
      },
    },
    { last: 'note', note: 'The village name differs from the book.' },
  ];

  it.each(drafts)('keeps the part written last, in the shape the server accepts ($last)', (draft) => {
    const stored = toStored(draft);
    expect(v.safeParse(caseDraftBody, stored).success).toBe(true);
    expect(fromStored(stored)).toEqual(draft);
  });

  it('keeps the note of an escalation (the officer is chosen again)', () => {
    const stored = toStored({ last: 'escalate', escalate: { officer_id: 7, note: 'Is this a second application?' } });
    expect(fromStored(stored)).toEqual({
      last: 'escalate',
      escalate: { officer_id: null, note: 'Is this a second application?' },
    });
  });

  it('sends an empty draft once every part was used, and reads none as nothing', () => {
    expect(toStored({ reject: { reason_codes: ['x1'], notes: '' } })).toEqual({});
    expect(fromStored(null)).toEqual({});
    expect(fromStored({ action: 'approve' })).toEqual({});
  });
});
