import { Link, useParams } from 'react-router-dom';
import { NotFoundPage } from '../../../components/status-pages';
import { Card } from '../../../components/ui/card';
import { FallbackImage } from '../../../components/ui/fallback-image';
import { assets } from '../../../config/assets';
import { playerHref } from '../../../config/paths';
import { trpc } from '../../../lib/trpc';
import { FactList, vehicleFacts } from '../components/vehicle-facts';
import { PlayerPage } from '../components/player-page';
import { QueryView } from '../../../components/query-view';
import { usePlayerInput, usePlayerTarget } from '../hooks/use-player-target';

/** One vehicle, by the route parameter (replaces the old client's static mock-up). */
export function VehiclePage() {
  const { vehicleId } = useParams();
  const id = Number(vehicleId);
  const valid = /^\d+$/.test(vehicleId ?? '') && Number.isSafeInteger(id);
  const input = usePlayerInput();
  const { userId } = usePlayerTarget();
  const query = trpc.player.vehicle.useQuery({ ...input, vehicleId: id }, { enabled: valid });
  if (!valid) return <NotFoundPage />;
  return (
    <PlayerPage title="Fahrzeugdetails">
      <QueryView
        query={query}
        emptyText="Dieses Fahrzeug kann gerade nicht angezeigt werden"
        isEmpty={() => false}
      >
        {(vehicle) => (
          <Card className="grid gap-6 p-0 md:grid-cols-2">
            <FallbackImage
              src={assets.vehicle(vehicle.typeId, vehicle.type?.vehtype)}
              fallback={assets.placeholder.vehicleFor(vehicle.type?.vehtype)}
              alt={`Fahrzeug ${vehicle.plate}`}
              className="aspect-[16/10] w-full rounded-t-xl object-cover md:rounded-l-xl md:rounded-tr-none"
            />
            <div className="p-4 md:py-6">
              <h2 className="mb-4 text-2xl font-bold">{vehicle.plate}</h2>
              <FactList facts={vehicleFacts(vehicle)} />
              <p className="mt-6">
                <Link to={playerHref('vehicles', userId)}>Zurück zu den Fahrzeugen</Link>
              </p>
            </div>
          </Card>
        )}
      </QueryView>
    </PlayerPage>
  );
}
