import { describe, expect, it } from 'vitest';
import { lacksCardDetail, mergeReading, prefillFrom } from './prefill';

describe('prefill from an ID card reading', () => {
  it('fills only values that pass the form rules, marking each for checking', () => {
    const { values, prefilled } = prefillFrom({
      idNumber: { value: '011508831742', confidence: 'ok' },
      firstNameLao: { value: 'ສົມສັກ', confidence: 'check' },
      lastNameLao: { value: 'ວົງ<ສະຫວັນ', confidence: 'ok' },
      dateOfBirth: { value: '2999-01-01', confidence: 'ok' },
      address: { value: 'ບ້ານ ໂພນສີນວນ, ເມືອງ ສີສັດຕະນາກ', confidence: 'ok' },
      latinName: { value: 'SOMSAK VONGSAVANH', confidence: 'ok' },
    });
    expect(values).toEqual({ id_card: '011508831742', first_name: 'ສົມສັກ', address: 'ບ້ານ ໂພນສີນວນ, ເມືອງ ສີສັດຕະນາກ' });
    expect(prefilled).toEqual({ id_card: 'ok', first_name: 'check', address: 'ok' });
  });

  it('tells when a value every card prints (not the address) was not filled', () => {
    const every = { id_card: 'ok', first_name: 'ok', last_name: 'check', date_of_birth: 'ok' } as const;
    expect(lacksCardDetail(every)).toBe(false);
    expect(lacksCardDetail({ ...every, address: 'ok' })).toBe(false);
    for (const field of ['id_card', 'first_name', 'last_name', 'date_of_birth'] as const)
      expect(lacksCardDetail({ ...every, [field]: undefined })).toBe(true);
  });

  it('fills a Lao passport number read from a passport, and no other number with letters', () => {
    const passport = prefillFrom({ idNumber: { value: 'P1508831', confidence: 'ok' } });
    expect(passport.values).toEqual({ id_card: 'P1508831' });
    for (const value of ['P150883', 'PP508831', 'p1508831'])
      expect(prefillFrom({ idNumber: { value, confidence: 'ok' } }).values).toEqual({});
  });

  it('replaces what an earlier photo filled but keeps what the citizen typed', () => {
    const personal = { first_name: 'ສົມສັກ', last_name: 'typed by hand', house_number: '12' };
    const merged = mergeReading(
      personal,
      { first_name: 'check' },
      { values: { id_card: '123456789012' }, prefilled: { id_card: 'ok' } },
    );
    expect(merged).toEqual({ last_name: 'typed by hand', house_number: '12', id_card: '123456789012' });
  });
});
