import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';

export function LoadFailure({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <Alert
      tone="error"
      action={
        <Button variant="secondary" onClick={onRetry}>
          Erneut versuchen
        </Button>
      }
    >
      {text}
    </Alert>
  );
}
