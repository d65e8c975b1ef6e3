/**
 * One chart of the analytics page: a canvas described by `label` for screen readers (the same
 * figures are in the table under it), drawn by Chart.js once its module has loaded and redrawn
 * when the figures change.
 */
import { useEffect, useRef, useState } from "react";
import type { ChartSpec } from "./chart-setup";

export function ChartCanvas({ label, spec, testId }: { label: string; spec: ChartSpec; testId: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  // The spec is rebuilt on every render: redraw only when what it draws changes.
  const key = JSON.stringify(spec);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `spec`'s contents.
  useEffect(() => {
    let chart: { destroy: () => void } | null = null;
    let cancelled = false;
    import("./chart-setup")
      .then(({ drawChart }) => {
        if (cancelled || !canvas.current) return;
        chart = drawChart(canvas.current, spec);
        canvas.current.dataset.drawn = "true";
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [key]);

  if (failed) return <p className="text-sm text-base-content/80">The chart could not be drawn; the figures are in the table below.</p>;
  return (
    <div className="relative h-64 w-full">
      <canvas ref={canvas} role="img" aria-label={label} data-testid={testId} />
    </div>
  );
}
