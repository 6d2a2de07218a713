import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { LocationOption } from '../../../../../contract/master-data';
import type { Office, OfficerAccount } from '../../../../../contract/offices';
import { Card } from '../../../../components/layout/page';
import { Button } from '../../../../components/ui/button';
import { LoadFailed } from '../../../../components/ui/load-failed';
import { SkeletonCard } from '../../../../components/ui/skeleton';
import { currentLanguage } from '../../../../lib/i18n';
import { fetchDistricts, fetchProvinces } from '../../../../lib/master-data';
import { useLoad } from '../../../../lib/use-load';
import { fetchOfficerAccounts } from '../../api/officer-api';
import { ROLES } from '../../labels';
import { CredentialsDialog } from './credentials-dialog';
import { OfficeDialog } from './office-dialog';
import styles from './admin.module.css';

/** Names of the provinces, and of the districts of the provinces the listed offices lie in. */
function usePlaceNames(accounts: OfficerAccount[] | undefined) {
  const [names, setNames] = useState<{ provinces: LocationOption[]; districts: LocationOption[] }>({
    provinces: [],
    districts: [],
  });
  const language = currentLanguage();
  const wanted = [
    ...new Set((accounts ?? []).flatMap((a) => (a.office?.level === 'district' ? [a.office.province_id] : []))),
  ];
  const key = wanted.join(',');
  useEffect(() => {
    let live = true;
    void Promise.all([fetchProvinces(), ...wanted.map((id) => fetchDistricts(id))]).then(
      ([provinces, ...districts]) => live && setNames({ provinces, districts: districts.flat() }),
      () => undefined,
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `wanted`
  }, [key, language]);
  return names;
}

/**
 * /officer/accounts: an admin sees the officers of their office (a national admin every officer),
 * each with role and office, changes an officer's office within their own
 * (docs/security.md#3-who-can-see-what), and removes a lost device's credentials. Another role is told this is for administrators.
 */
export function AccountsScreen() {
  const { t, i18n } = useLingui();
  const state = useLoad((signal) => fetchOfficerAccounts(signal), []);
  const [accounts, setAccounts] = useState<OfficerAccount[] | undefined>();
  const [editing, setEditing] = useState<OfficerAccount | null>(null);
  const [lostDevice, setLostDevice] = useState<OfficerAccount | null>(null);
  useEffect(() => setAccounts(state.data ?? undefined), [state.data]);
  const names = usePlaceNames(accounts);

  const officeName = (office: Office | null): string => {
    if (!office) return t`No office`;
    if (office.level === 'national') return t`Whole country`;
    const province = names.provinces.find((p) => p.id === office.province_id)?.name ?? '…';
    if (office.level === 'province') return province;
    const district = names.districts.find((d) => d.id === office.district_id)?.name ?? '…';
    return `${district}, ${province}`;
  };

  return (
    <>
      <h1 className={styles.title}>
        <Trans>Officer accounts</Trans>
      </h1>
      {state.status === 'loading' && (
        <div aria-busy="true">
          <SkeletonCard lines={4} />
        </div>
      )}
      {state.status === 'failed' && <LoadFailed error={state.error} onRetry={state.retry} />}
      {accounts && (
        <Card as="section">
          <p className={styles.muted}>
            <Trans>
              An officer sees only the applications of their office. You can give offices inside your own office.
            </Trans>
          </p>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Officer</Trans>
                </th>
                <th scope="col">
                  <Trans>Role</Trans>
                </th>
                <th scope="col">
                  <Trans>Office</Trans>
                </th>
                <th scope="col">
                  <span className="visually-hidden">
                    <Trans>Change</Trans>
                  </span>
                </th>
              </tr>
            </thead>
            <tbody>
              {accounts.map((a) => (
                <tr key={a.id}>
                  <td>
                    {a.first_name} {a.last_name}
                    <br />
                    <span className={styles.muted}>{a.email}</span>
                  </td>
                  <td data-label={t`Role`}>{i18n._(ROLES[a.officer_role])}</td>
                  <td data-label={t`Office`}>{officeName(a.office)}</td>
                  <td>
                    <Button
                      variant="secondary"
                      onPress={() => setEditing(a)}
                      aria-label={t`Change office of ${a.email}`}
                    >
                      <Trans>Change office</Trans>
                    </Button>{' '}
                    <Button variant="ghost" onPress={() => setLostDevice(a)} aria-label={t`Lost device of ${a.email}`}>
                      <Trans>Lost device</Trans>
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
      {lostDevice && <CredentialsDialog account={lostDevice} onClose={() => setLostDevice(null)} />}
      {editing && (
        <OfficeDialog
          account={editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setAccounts((list) => list?.map((a) => (a.id === saved.id ? saved : a)));
            setEditing(null);
          }}
        />
      )}
    </>
  );
}
