import { useEffect, useState, type ReactNode } from 'react';
import { useWatch, type FieldValues, type Path, type PathValue, type UseFormReturn } from 'react-hook-form';
import { useLingui } from '@lingui/react/macro';
import type { LocationOption } from '../../../contract/master-data';
import { errorOf } from '../../lib/form';
import { fetchDistricts, fetchProvinces, fetchVillages } from '../../lib/master-data';
import { SelectField } from '../ui/field';

type Levels<V> = { province?: V; district?: V; village?: V };

interface Props<T extends FieldValues> {
  form: UseFormReturn<T, unknown, FieldValues>;
  names: { province: Path<T>; district: Path<T>; village: Path<T> };
  labels?: { province?: string; district?: string; village?: string };
  disabled?: boolean;
  /** Places to offer first (best first), e.g. those the address on an ID card names. */
  suggested?: Levels<number[]>;
  hints?: Levels<ReactNode>;
}

/** Loads options whenever the parent id changes; an empty parent means no options. */
function useOptions(load: ((id: number) => Promise<LocationOption[]>) | null, parent: unknown) {
  const [state, setState] = useState<{ options: LocationOption[]; loading: boolean; failed: boolean }>({
    options: [],
    loading: false,
    failed: false,
  });
  const id = Number(parent);
  useEffect(() => {
    if (!load || !id) {
      setState({ options: [], loading: false, failed: false });
      return;
    }
    let live = true;
    setState((s) => ({ ...s, loading: true, failed: false }));
    load(id).then(
      (options) => live && setState({ options, loading: false, failed: false }),
      () => live && setState({ options: [], loading: false, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [load, id]);
  return state;
}

const provinces = () => fetchProvinces();

/**
 * Province → district → village selects. Changing a parent clears its children
 * (docs/specification.md#new-application); a child is disabled until its parent is chosen. Values are
 * ids as strings; the schema turns them into integers.
 */
export function LocationFields<T extends FieldValues>({
  form,
  names,
  labels = {},
  disabled,
  suggested = {},
  hints = {},
}: Props<T>) {
  const { t } = useLingui();
  const offer = (ids: number[] | undefined) =>
    ids?.length ? { ids, label: t`Named on your ID card`, restLabel: t`All places` } : undefined;
  const [province, district] = useWatch({
    control: form.control,
    name: [names.province, names.district] as never,
  }) as unknown as [string, string];
  const p = useOptions(provinces, 1);
  const d = useOptions(fetchDistricts, province);
  const v = useOptions(fetchVillages, district);
  const failed = p.failed || d.failed || v.failed;
  // A prefilled id (draft, profile) arrives before its options: re-apply it once they are there.
  useEffect(() => {
    if (p.options.length) form.setValue(names.province, form.getValues(names.province));
  }, [p.options]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (d.options.length) form.setValue(names.district, form.getValues(names.district));
  }, [d.options]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (v.options.length) form.setValue(names.village, form.getValues(names.village));
  }, [v.options]); // eslint-disable-line react-hooks/exhaustive-deps
  const clear = (name: Path<T>) => form.setValue(name, '' as PathValue<T, Path<T>>, { shouldValidate: false });
  const { errors } = form.formState;
  return (
    <>
      <SelectField
        label={labels.province ?? t`Province`}
        placeholder={p.loading ? t`Loading…` : t`Select province`}
        options={p.options}
        suggested={offer(suggested.province)}
        hint={hints.province}
        loading={p.loading}
        disabled={disabled}
        error={errorOf(errors, names.province)}
        {...form.register(names.province, {
          onChange: () => {
            clear(names.district);
            clear(names.village);
          },
        })}
      />
      <SelectField
        label={labels.district ?? t`District`}
        placeholder={d.loading ? t`Loading…` : t`Select district`}
        options={d.options}
        suggested={offer(suggested.district)}
        hint={hints.district}
        loading={d.loading}
        disabled={disabled || !province}
        // A disabled list cannot be fixed yet: its parent's own error says what to do first.
        error={province ? errorOf(errors, names.district) : undefined}
        {...form.register(names.district, { onChange: () => clear(names.village) })}
      />
      <SelectField
        label={labels.village ?? t`Village`}
        placeholder={v.loading ? t`Loading…` : t`Select village`}
        options={v.options}
        suggested={offer(suggested.village)}
        hint={hints.village}
        loading={v.loading}
        disabled={disabled || !district}
        error={district ? errorOf(errors, names.village) : undefined}
        {...form.register(names.village)}
      />
      {failed && (
        <p
          role="alert"
          style={{ color: 'var(--red-700)' }}
        >{t`The list of places could not be loaded. Check your connection and try again.`}</p>
      )}
    </>
  );
}
