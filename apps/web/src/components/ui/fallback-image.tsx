import { useState, type ImgHTMLAttributes } from 'react';

/** An image that switches to a fallback once when it fails to load (specification §2.7, specification §2). */
export function FallbackImage({
  src,
  fallback,
  alt,
  ...props
}: ImgHTMLAttributes<HTMLImageElement> & { src: string; fallback: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      {...props}
      alt={alt}
      src={failed ? fallback : src}
      onError={() => {
        if (!failed) setFailed(true);
      }}
    />
  );
}
