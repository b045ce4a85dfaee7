import { Link } from 'react-router-dom';
import { Card } from '../../../components/ui/card';
import { FallbackImage } from '../../../components/ui/fallback-image';
import { assets } from '../../../config/assets';
import { vehicleHref } from '../../../config/paths';
import { trpc } from '../../../lib/trpc';
import { FactList, vehicleFacts } from '../components/vehicle-facts';
import { PlayerPage } from '../components/player-page';
import { QueryView } from '../../../components/query-view';
import { usePlayerInput, usePlayerTarget, usePlayerWording } from '../hooks/use-player-target';

/** The player's vehicles with their type data (architecture §6: real data, no mock-up). */
export function VehiclesPage() {
  const query = trpc.player.vehicles.useQuery(usePlayerInput());
  const say = usePlayerWording();
  const { userId } = usePlayerTarget();
  return (
    <PlayerPage
      title="Fahrzeuge"
      lines={[
        say('Hier kannst du deine Fahrzeuge einsehen.', (p) => `Hier siehst du die Fahrzeuge von ${p.of}.`),
      ]}
    >
      <QueryView
        query={query}
        emptyText={say('Du hast aktuell keine Fahrzeuge', (p) => `${p.subject} hat aktuell keine Fahrzeuge`)}
        isEmpty={(d) => d.items.length === 0}
      >
        {(data) => (
          <ul aria-label="Fahrzeuge" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {data.items.map((vehicle) => (
              <li key={vehicle.id}>
                <Card className="h-full p-0">
                  <FallbackImage
                    src={assets.vehicle(vehicle.typeId, vehicle.type?.vehtype)}
                    fallback={assets.placeholder.vehicleFor(vehicle.type?.vehtype)}
                    alt=""
                    className="aspect-[16/10] w-full rounded-t-xl object-cover"
                    loading="lazy"
                  />
                  <div className="p-4">
                    <h2 className="text-lg font-semibold">
                      <Link to={vehicleHref(vehicle.id, userId)}>{vehicle.plate}</Link>
                    </h2>
                    <div className="mt-2">
                      <FactList facts={vehicleFacts(vehicle).slice(1, 5)} />
                    </div>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </PlayerPage>
  );
}
