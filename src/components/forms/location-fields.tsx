import { useEffect, useState, type ReactNode } from 'react';
import { useWatch, type FieldValues, type Path, type PathValue, type UseFormReturn } from 'react-hook-form';
import { useLingui } from '@lingui/react/macro';
import type { LocationOption } from '../../../contract/master-data';
import { errorOf } from '../../lib/form';
import { fetchDistricts, fetchProvinces, fetchVillages } from '../../lib/master-data';
import { SelectField } from '../ui/field';

type Level = 'province' | 'district' | 'village';
type Levels<V> = Partial<Record<Level, V>>;
type Options = { options: LocationOption[]; loading: boolean; failed: boolean };

interface Props<T extends FieldValues> {
  form: UseFormReturn<T, unknown, FieldValues>;
  names: { province: Path<T>; district: Path<T>; village: Path<T> };
  labels?: Levels<string>;
  disabled?: boolean;
  /** Places to offer first (best first), e.g. those the address on an ID card names. */
  suggested?: Levels<number[]>;
  hints?: Levels<ReactNode>;
}

/**
 * Loads options whenever the parent id changes; an empty parent means no options. The options are
 * those of the parent chosen now, never the last one's: right after a province is changed, its
 * district list is empty and loading (a quick hand, or a test, must not pick a district of the
 * province before).
 */
function useOptions(load: ((id: number) => Promise<LocationOption[]>) | null, parent: unknown): Options {
  const id = Number(parent);
  const [state, setState] = useState<Options & { forId: number }>({
    forId: 0,
    options: [],
    loading: false,
    failed: false,
  });
  useEffect(() => {
    if (!load || !id) return;
    let live = true;
    setState((s) =>
      s.forId === id
        ? { ...s, loading: true, failed: false }
        : { forId: id, options: [], loading: true, failed: false },
    );
    load(id).then(
      (options) => live && setState({ forId: id, options, loading: false, failed: false }),
      () => live && setState({ forId: id, options: [], loading: false, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [load, id]);
  if (!load || !id) return { options: [], loading: false, failed: false };
  if (state.forId !== id) return { options: [], loading: true, failed: false };
  return { options: state.options, loading: state.loading, failed: state.failed };
}

/** A prefilled id (draft, profile) arrives before its options: it is applied again once they are there. */
function useKeptChoice<T extends FieldValues>(
  form: UseFormReturn<T, unknown, FieldValues>,
  name: Path<T>,
  options: LocationOption[],
) {
  useEffect(() => {
    if (options.length) form.setValue(name, form.getValues(name));
  }, [options]); // eslint-disable-line react-hooks/exhaustive-deps
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
  useKeptChoice(form, names.province, p.options);
  useKeptChoice(form, names.district, d.options);
  useKeptChoice(form, names.village, v.options);
  const clear = (name: Path<T>) => form.setValue(name, '' as PathValue<T, Path<T>>, { shouldValidate: false });
  const { errors } = form.formState;
  /** One level's list; `parent` is the chosen place above it (true for provinces), `below` what a change clears. */
  const select = (
    level: Level,
    list: Options,
    words: { label: string; placeholder: string },
    parent: string | true,
    below: Path<T>[],
  ) => (
    <SelectField
      label={labels[level] ?? words.label}
      placeholder={list.loading ? t`Loading…` : words.placeholder}
      options={list.options}
      suggested={offer(suggested[level])}
      hint={hints[level]}
      loading={list.loading}
      disabled={disabled || !parent}
      // A disabled list cannot be fixed yet: its parent's own error says what to do first.
      error={parent ? errorOf(errors, names[level]) : undefined}
      {...form.register(names[level], { onChange: () => below.forEach(clear) })}
    />
  );
  return (
    <>
      {select('province', p, { label: t`Province`, placeholder: t`Select province` }, true, [
        names.district,
        names.village,
      ])}
      {select('district', d, { label: t`District`, placeholder: t`Select district` }, province, [names.village])}
      {select('village', v, { label: t`Village`, placeholder: t`Select village` }, district, [])}
      {failed && (
        <p
          role="alert"
          style={{ color: 'var(--red-700)' }}
        >{t`The list of places could not be loaded. Check your connection and try again.`}</p>
      )}
    </>
  );
}
