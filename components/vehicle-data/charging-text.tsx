import { Temperature } from '@/components/ui/units';
import { chargingLoss } from '@/lib/vehicle-data/charging';
import { figureText, formatNumber, withUnit } from '@/lib/format/figures';
import type { ChargingSession } from '@/lib/vehicle-data/types';

/** A session's figures in words, shared by the list and the one-session view. */
export function lossText(session: ChargingSession): string {
  const loss = chargingLoss(session);
  return loss ? `${withUnit(loss.kwh, 'kWh', 2)} (${formatNumber(loss.percent)} %)` : '—';
}

export const socText = (s: ChargingSession) => `${figureText(s.startStateOfCharge, '%', 0)} → ${figureText(s.endStateOfCharge, '%', 0)}`;
export const temperatureText = (s: ChargingSession) => <Temperature celsius={s.externalTemperature} />;
