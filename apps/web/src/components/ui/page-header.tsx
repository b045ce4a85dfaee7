import type { ReactNode } from 'react';
import { assets } from '../../config/assets';
import { FallbackImage } from './fallback-image';

/** Specification §2.7: optional image (falls back to the logo), heading, one or more description lines. */
export function PageHeader({
  title,
  lines = [],
  image,
  children,
}: {
  title: string;
  lines?: readonly string[];
  image?: string;
  children?: ReactNode;
}) {
  return (
    <header className="mb-6 flex flex-wrap items-center gap-4">
      {image !== undefined && (
        <FallbackImage
          src={image}
          fallback={assets.logo}
          alt=""
          className="size-14 rounded-lg object-contain"
        />
      )}
      <div className="min-w-0 flex-1">
        <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{title}</h1>
        {lines.map((line) => (
          <p key={line} className="mt-1 text-slate-600 dark:text-slate-300">
            {line}
          </p>
        ))}
      </div>
      {children}
    </header>
  );
}
