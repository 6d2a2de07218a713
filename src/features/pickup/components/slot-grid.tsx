import { Trans, useLingui } from '@lingui/react/macro';
import { Label, Radio, RadioGroup, Text } from 'react-aria-components';
import type { PickupSlot } from '../../../../contract/pickup';
import { formatSlotTime } from '../../../lib/format';
import styles from './slot-grid.module.css';

interface SlotGridProps {
  slots: PickupSlot[];
  value: string;
  onChange(time: string): void;
  error?: string;
}

/** The 20 half-hour slots of the chosen day; unavailable ones disabled, places left shown. */
export function SlotGrid({ slots, value, onChange, error }: SlotGridProps) {
  const { t } = useLingui();
  return (
    <RadioGroup
      className={styles.group}
      value={value || null}
      onChange={onChange}
      isInvalid={!!error}
      aria-describedby={error ? 'slot-error' : undefined}
    >
      <Label className={styles.label}>
        <Trans>Time</Trans>
      </Label>
      <Text slot="description" className={styles.hint}>
        <Trans>Each time is a 30-minute window at the office.</Trans>
      </Text>
      <div className={styles.grid}>
        {slots.map((slot) => (
          <Radio
            key={slot.time}
            value={slot.time}
            isDisabled={!slot.available}
            className={styles.slot}
            aria-label={
              slot.available
                ? t`${formatSlotTime(slot.time)}, ${slot.remaining} places left`
                : t`${formatSlotTime(slot.time)}, not available`
            }
          >
            <span className={styles.time}>{formatSlotTime(slot.time)}</span>
            <span className={styles.remaining}>
              {slot.available ? <Trans>{slot.remaining} left</Trans> : <Trans>Not available</Trans>}
            </span>
          </Radio>
        ))}
      </div>
      {error && (
        <p id="slot-error" className={styles.error}>
          {error}
        </p>
      )}
    </RadioGroup>
  );
}
