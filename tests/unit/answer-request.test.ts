import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { answerRequestBody, type ApplicationDetail } from '../../contract/application';
import {
  answerRequest,
  answerSchema,
  currentValues,
  fieldsToSend,
} from '../../src/features/answer-request/api/answer-request';

/** The detail as the citizen reads it while an officer waits for a new household-book page and a name. */
const detail = {
  id: 41,
  ticket_number: 'RC000041',
  status: 'information requested',
  applicant_data: {
    first_name: 'Somchai',
    last_name: 'Phommachanh',
    date_of_birth: '1990-04-12',
    province_id: 1,
    district_id: 2,
    village_id: 3,
    family_book_date: '2015-06-01',
  },
  information_request: {
    id: 7,
    asked_at: '2026-04-08T03:00:00Z',
    answer_by: '2026-04-22',
    reasons: [{ code: 'book_page_unreadable', text: 'The page cannot be read', what_to_do: 'Take a new photo' }],
    message: 'Please send the page with your name.',
    documents: ['household_registration_book'],
    fields: ['first_name', 'village_id'],
    answered_at: null,
  },
  clock: { due_on: null, working_days_left: null, tone: 'paused' },
} as unknown as ApplicationDetail;

describe('the answer to an officer', () => {
  it('asks for a village with its district and province, and for nothing else', () => {
    expect(fieldsToSend(['first_name', 'village_id'])).toEqual([
      'province_id',
      'district_id',
      'first_name',
      'village_id',
    ]);
    expect(fieldsToSend(['mother_name'])).toEqual(['mother_name']);
    expect(Object.keys(answerSchema(['mother_name']).entries)).toEqual(['mother_name']);
  });

  it('starts from what the application holds now, ids as the selects hold them', () => {
    expect(currentValues(detail, ['first_name', 'village_id'])).toEqual({
      province_id: '1',
      district_id: '2',
      first_name: 'Somchai',
      village_id: '3',
    });
  });

  it("checks the asked fields by the application's own rules", () => {
    const refused = v.safeParse(answerSchema(['first_name', 'family_book_date']), {
      first_name: '',
      family_book_date: '2999-01-01',
    });
    expect(refused.success).toBe(false);
    expect(refused.issues?.map((i) => i.path?.[0]?.key)).toEqual(['first_name', 'family_book_date']);
  });

  it('goes through the outbox with its key, the asked documents as uploads and a body the contract accepts', () => {
    const book = new Blob(['%PDF-1.4'], { type: 'application/pdf' });
    const input = answerRequest(
      41,
      detail.information_request!,
      { province_id: '1', district_id: '2', first_name: ' Somchay ', village_id: '4' },
      { household_registration_book: { blob: book, name: 'book-page.pdf' } },
      'key-1',
    );
    expect(input).toMatchObject({
      kind: 'answer-request',
      path: '/v1/citizen/resident-certificate/41/answer-request',
      idempotencyKey: 'key-1',
      applicationId: 41,
    });
    expect(Object.keys(input.payload.files)).toEqual(['household_registration_book']);
    expect(input.payload.fields).toEqual({
      request_id: 7,
      fields: { province_id: 1, district_id: 2, first_name: 'Somchay', village_id: 4 },
    });
    // As the outbox sends it: the upload named by id beside the fields.
    const body = { ...input.payload.fields, household_registration_book_upload_id: 'a'.repeat(32) };
    expect(v.safeParse(answerRequestBody, body).success).toBe(true);
  });

  it('refuses to queue an answer without a document asked for', () => {
    const values = currentValues(detail, ['first_name', 'village_id']);
    expect(() => answerRequest(41, detail.information_request!, values, {}, 'k')).toThrow(
      /household_registration_book/,
    );
  });
});
