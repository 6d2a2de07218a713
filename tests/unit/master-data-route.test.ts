import { describe, expect, it } from 'vitest';
import { isKeptMasterData, isPersonalEntry } from '../../sw/master-data-route';

const ORIGIN = 'https://egov.example.la';
const at = (path: string) => new URL(path, ORIGIN);

describe('what the service worker keeps of master data', () => {
  it('keeps the public lists', () => {
    for (const path of [
      '/api/v1/master-data/location/provinces',
      '/api/v1/master-data/location/districts?province_id=1',
      '/api/v1/master-data/banks',
    ])
      expect(isKeptMasterData(at(path), ORIGIN), path).toBe(true);
  });

  it("never keeps a place match, whose URL holds the citizen's address, nor the tree the page keeps", () => {
    const match = at(`/api/v1/master-data/location/match?address=${encodeURIComponent('ບ້ານ ໂພນໄຊ, ໄຊເສດຖາ')}`);
    expect(isKeptMasterData(match, ORIGIN)).toBe(false);
    expect(isKeptMasterData(at('/api/v1/master-data/location/match/?address=x'), ORIGIN)).toBe(false);
    expect(isKeptMasterData(at('/api/v1/master-data/location/tree?lang=lo'), ORIGIN)).toBe(false);
    expect(isPersonalEntry(match)).toBe(true);
    expect(isPersonalEntry(at('/api/v1/master-data/banks'))).toBe(false);
  });

  it('keeps nothing of another origin', () => {
    expect(isKeptMasterData(new URL('https://evil.example/api/v1/master-data/banks'), ORIGIN)).toBe(false);
  });
});
