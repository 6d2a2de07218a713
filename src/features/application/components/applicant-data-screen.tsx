import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { Profile } from '../../../../contract/profile';
import { AppHeader } from '../../../components/layout/app-header';
import { Page } from '../../../components/layout/page';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { SkeletonCard } from '../../../components/ui/skeleton';
import { fetchProfile } from '../../../lib/profile';
import { useApplicantDraft, type ApplicantValues } from '../stores/applicant-draft';
import { useDrafts } from '../stores/load-drafts';
import { APPLICANT_FORM_ID, ApplicantForm } from './applicant-form';
import { StepIndicator } from './step-indicator';

/** Without a draft, step 1 starts from what the profile already knows. */
function fromProfile(p: Profile): Partial<ApplicantValues> {
  const id = (n: number | null | undefined) => (n ? String(n) : '');
  return {
    first_name: p.first_name ?? '',
    last_name: p.last_name ?? '',
    date_of_birth: p.date_of_birth ?? '',
    current_address: p.address ?? '',
    house_number: p.house_number ?? '',
    province_id: id(p.province_id),
    district_id: id(p.district_id),
    village_id: id(p.village_id),
  };
}

/** /application-resident-certificate — step 1 of 3. */
export function ApplicantDataScreen() {
  const { t } = useLingui();
  const drafts = useDrafts();
  const [initial, setInitial] = useState<Partial<ApplicantValues> | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (drafts.status !== 'ready') return;
    const saved = useApplicantDraft.getState().values;
    if (saved) {
      setInitial(saved);
      return;
    }
    let live = true;
    fetchProfile().then(
      (p) => live && setInitial(fromProfile(p)),
      () => live && setInitial({}),
    );
    return () => {
      live = false;
    };
  }, [drafts.status]);

  return (
    <Page
      header={<AppHeader title={<Trans>Applicant data</Trans>} back="/resident-certificate" bell />}
      footer={
        initial && (
          <Button type="submit" form={APPLICANT_FORM_ID} wide pending={busy} pendingLabel={t`loading`}>
            <Trans>Next</Trans>
          </Button>
        )
      }
    >
      <StepIndicator step={1} />
      {drafts.status === 'failed' ? (
        <Banner tone="error">
          <Trans>Your saved application could not be opened. Check your connection and try again.</Trans>{' '}
          <Button variant="ghost" onPress={drafts.retry}>
            <Trans>Try again</Trans>
          </Button>
        </Banner>
      ) : initial ? (
        <ApplicantForm initial={initial} onBusyChange={setBusy} />
      ) : (
        <>
          <SkeletonCard lines={5} />
          <SkeletonCard lines={5} />
        </>
      )}
    </Page>
  );
}
