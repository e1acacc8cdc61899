// The dashboard's chart of totals by period: chart.js is imported only here, when the chart is
// shown, so no other page carries it (docs/staff.md "Giving"). The table beside it is the
// accessible reading of the same numbers.
import { useEffect, useRef } from 'react';

export function GivingChart({
  labels,
  values,
  label,
  format,
}: {
  labels: string[];
  values: number[];
  label: string;
  format: (value: number) => string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let chart: { destroy(): void } | undefined;
    let cancelled = false;
    void import('chart.js').then(
      ({ Chart, BarController, BarElement, CategoryScale, LinearScale, Tooltip }) => {
        if (cancelled || !canvas.current) return;
        Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);
        const color =
          getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim() ||
          '#1f4e79';
        chart = new Chart(canvas.current, {
          type: 'bar',
          data: { labels, datasets: [{ label, data: values, backgroundColor: color }] },
          options: {
            responsive: true,
            maintainAspectRatio: false,
            animation: false,
            plugins: {
              tooltip: { callbacks: { label: (item) => format(Number(item.raw)) } },
            },
            scales: { y: { beginAtZero: true, ticks: { callback: (v) => format(Number(v)) } } },
          },
        });
      },
    );
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [labels.join('|'), values.join('|'), label]);
  return (
    <div className="giving-chart">
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
