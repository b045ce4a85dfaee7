import { LIMITS } from '@nova/domain';

/** Specification §2.20 "Achievement dashboard": circular progress "x / y" (radius 70, specification §9.13). */
export function ProgressRing({ value, total }: { value: number; total: number }) {
  const r = LIMITS.achievementRingRadius;
  const size = r * 2 + 20;
  const circumference = 2 * Math.PI * r;
  const share = total > 0 ? value / total : 0;
  return (
    <div
      role="progressbar"
      aria-label="Erreichte Achievements"
      aria-valuemin={0}
      aria-valuemax={total}
      aria-valuenow={value}
      aria-valuetext={`${value} / ${total}`}
      className="relative inline-grid place-items-center"
    >
      <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} aria-hidden="true">
        <circle
          cx={size / 2}
          cy={size / 2}
          r={r}
          fill="none"
          strokeWidth="12"
          className="stroke-slate-200 dark:stroke-slate-700"
        />
        <circle
          cx={size / 2}
          cy={size / 2}
          r={r}
          fill="none"
          strokeWidth="12"
          strokeLinecap="round"
          strokeDasharray={`${share * circumference} ${circumference}`}
          transform={`rotate(-90 ${size / 2} ${size / 2})`}
          className="stroke-brand-500"
        />
      </svg>
      <span className="absolute text-2xl font-bold tabular-nums">
        {value} / {total}
      </span>
    </div>
  );
}
