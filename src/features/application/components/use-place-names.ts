import { useEffect, useState } from 'react';
import type { LocationOption } from '../../../../contract/master-data';
import { fetchDistricts, fetchProvinces, fetchVillages } from '../../../lib/master-data';
import { currentLanguage } from '../../../lib/i18n';

const nameIn = (list: LocationOption[], id: string) => list.find((o) => String(o.id) === id)?.name ?? '';

async function namesOf(province: string, district: string, village: string) {
  const [provinces, districts, villages] = await Promise.all([
    fetchProvinces(),
    province ? fetchDistricts(Number(province)) : Promise.resolve([]),
    district ? fetchVillages(Number(district)) : Promise.resolve([]),
  ]);
  return {
    province: nameIn(provinces, province),
    district: nameIn(districts, district),
    village: nameIn(villages, village),
  };
}

export interface PlaceNames {
  province: string;
  district: string;
  village: string;
}

/** Names of a province/district/village triple chosen by id, in the interface language (cached lists). */
export function usePlaceNames(province = '', district = '', village = ''): PlaceNames {
  const [names, setNames] = useState<PlaceNames>({ province: '', district: '', village: '' });
  const language = currentLanguage();
  useEffect(() => {
    let live = true;
    namesOf(province, district, village).then(
      (n) => live && setNames(n),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [province, district, village, language]);
  return names;
}
