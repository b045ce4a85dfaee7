import { Alert } from '../../../components/ui/alert';
import { usePlayerTarget } from '../hooks/use-player-target';

/** Specification §2.19: the warning banner on someone else's profile. */
export function ForeignBanner() {
  const { foreign } = usePlayerTarget();
  if (!foreign) return null;
  return <Alert tone="warning">Du betrachtest aktuell ein anderes Profil</Alert>;
}
