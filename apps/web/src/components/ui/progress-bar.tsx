import { cn } from '../../lib/cn';

export function ProgressBar({
  label,
  value,
  max,
  valueText,
  tone = 'brand',
}: {
  label: string;
  value: number;
  max: number;
  valueText: string;
  tone?: 'brand' | 'amber' | 'sky' | 'emerald';
}) {
  const percent = max > 0 ? Math.min(100, Math.max(0, (value / max) * 100)) : 0;
  const tones = {
    brand: 'bg-brand-500',
    amber: 'bg-amber-500',
    sky: 'bg-sky-500',
    emerald: 'bg-emerald-500',
  };
  return (
    <div>
      <div className="mb-1 flex justify-between text-sm">
        <span className="font-medium">{label}</span>
        <span className="tabular-nums text-slate-600 dark:text-slate-300">{valueText}</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={Math.min(value, max)}
        aria-valuetext={valueText}
        className="h-2.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div className={cn('h-full rounded-full', tones[tone])} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
