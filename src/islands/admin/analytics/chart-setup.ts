/**
 * Chart.js for the analytics page, loaded lazily by ChartCanvas so that only /admin/analytics ever
 * fetches it. Only the controllers, elements and scales these charts use are registered, once,
 * when this module first loads. Colours come from the daisyUI theme's CSS variables, read at
 * draw time and turned into rgb() through a one-pixel canvas (the theme writes them in oklch,
 * which Chart.js's own colour parser does not read). Chart.js sizes its canvas through the
 * element's style properties (CSSOM), which the Content-Security-Policy allows; it never writes a
 * style attribute.
 */
import { BarController, BarElement, CategoryScale, Chart, Filler, LinearScale, LineController, LineElement, PointElement, Tooltip } from "chart.js";
import { formatMoney } from "../../../domain/format";

Chart.register(BarController, BarElement, CategoryScale, Filler, LinearScale, LineController, LineElement, PointElement, Tooltip);

export type ChartSpec = {
  type: "line" | "bar";
  labels: string[];
  values: number[];
  /** The series' name in the tooltip. */
  seriesLabel: string;
  /** Which theme colour draws it. */
  colour: "primary" | "secondary" | "accent" | "info";
  /** Values are amounts in this currency (the currency setting): the axis and tooltips say so. */
  money?: string;
  /** Bars run sideways (long category names). */
  horizontal?: boolean;
};

/** A CSS colour (any syntax the browser knows) as "rgb(r, g, b)", or `fallback`. */
function rgb(css: string, fallback: string): string {
  const canvas = document.createElement("canvas");
  canvas.width = 1;
  canvas.height = 1;
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (!context || !css) return fallback;
  context.fillStyle = fallback;
  context.fillStyle = css;
  context.fillRect(0, 0, 1, 1);
  const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
  return `rgb(${r}, ${g}, ${b})`;
}

function themeColour(name: string, fallback: string): string {
  return rgb(getComputedStyle(document.documentElement).getPropertyValue(`--color-${name}`).trim(), fallback);
}

const withAlpha = (colour: string, alpha: number) => colour.replace("rgb(", "rgba(").replace(")", `, ${alpha})`);

/** Draws `spec` on `canvas`; the caller destroys the chart when the figures change or the page goes. */
export function drawChart(canvas: HTMLCanvasElement, spec: ChartSpec): Chart {
  const colour = themeColour(spec.colour, "rgb(37, 99, 235)");
  const text = themeColour("base-content", "rgb(31, 41, 55)");
  const grid = withAlpha(text, 0.12);
  const valueAxis = {
    beginAtZero: true,
    grid: { color: grid },
    ticks: {
      color: text,
      precision: 0,
      callback: (value: string | number) => (spec.money ? formatMoney(Math.round(Number(value)), spec.money) : String(value)),
    },
  };
  const categoryAxis = { grid: { display: false }, ticks: { color: text, autoSkip: true, maxRotation: 0 } };
  return new Chart(canvas, {
    type: spec.type,
    data: {
      labels: spec.labels,
      datasets: [
        {
          label: spec.seriesLabel,
          data: spec.values,
          backgroundColor: spec.type === "line" ? withAlpha(colour, 0.15) : colour,
          borderColor: colour,
          borderWidth: 2,
          fill: spec.type === "line",
          pointRadius: spec.type === "line" && spec.values.length > 40 ? 0 : 3,
          // Monotone curves never dip below zero between two days.
          cubicInterpolationMode: "monotone",
        },
      ],
    },
    options: {
      indexAxis: spec.horizontal ? "y" : "x",
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      scales: spec.horizontal ? { x: valueAxis, y: categoryAxis } : { x: categoryAxis, y: valueAxis },
      plugins: {
        tooltip: {
          callbacks: { label: (item) => `${spec.seriesLabel}: ${spec.money ? formatMoney(Number(item.raw), spec.money) : String(item.raw)}` },
        },
      },
    },
  });
}
