import type { VehicleView } from '@nova/contracts';
import { codeText, CATALOGUES, optionLabel, vehicleModelName, YES_NO } from '@nova/domain';

const n = (value: number) => value.toLocaleString('de-DE');

const typeFields: readonly { name: string; labels?: readonly { value: number; label: string }[] }[] =
  CATALOGUES.vehicleTypes.fields;
/** A code of the vehicle type by its name, as the vehicle manager shows it. */
const named = (name: string, value: number) => {
  const field = typeFields.find((candidate) => candidate.name === name);
  return (field && codeText(field, value)) ?? n(value);
};

/** Facts of one vehicle and its type, as a definition list. */
export function vehicleFacts(vehicle: VehicleView): [string, string][] {
  const facts: [string, string][] = [
    ['Kennzeichen', vehicle.plate],
    // The type's model name (decision 093); a type the game's models do not know by its number.
    ['Fahrzeugtyp', vehicleModelName(vehicle.typeId) ?? `Unbekannt (Nr. ${vehicle.typeId})`],
    ['Tankfüllung', `${n(vehicle.fuel)} %`],
    ['Kilometerstand', `${n(vehicle.mileage)} km`],
    ['Zustand', `${n(Math.round(vehicle.health / 10))} %`],
  ];
  const type = vehicle.type;
  if (type) {
    facts.push(
      ['Fahrzeugart', named('vehtype', type.vehtype)],
      ['Benötigtes Level', n(type.level)],
      ['Fahrzeugwert', `${n(type.vehvalue)} $`],
      ['Tankvolumen', `${n(type.tankvolume)} l`],
      ['Verbrauch', `${n(type.tankconsumption)} l/100 km`],
      ['Kofferraum', n(type.trunkvolume)],
      ['Elektroantrieb', optionLabel(YES_NO, type.canelectric)],
      ['Anhänger', optionLabel(YES_NO, type.trailer)],
    );
  }
  return facts;
}

export function FactList({ facts }: { facts: [string, string][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
      {facts.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
          <dd className="font-medium tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
