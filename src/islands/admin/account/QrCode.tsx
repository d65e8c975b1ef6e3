/**
 * A QR code drawn as inline SVG from uqr's module matrix: no image request, no markup strings.
 * One path of unit squares on a white ground with a four-module quiet zone, so phone cameras
 * read it in a dark theme too.
 */
import { useId, useMemo } from "react";
import { encode } from "uqr";

export function QrCode({ value, label, className }: { value: string; label: string; className?: string }) {
  const titleId = useId();
  const { size, path } = useMemo(() => {
    const qr = encode(value, { ecc: "M", border: 4 });
    let d = "";
    qr.data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      });
    });
    return { size: qr.size, path: d };
  }, [value]);
  return (
    <svg role="img" aria-labelledby={titleId} viewBox={`0 0 ${size} ${size}`} shapeRendering="crispEdges" className={className} data-testid="totp-qr">
      <title id={titleId}>{label}</title>
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
