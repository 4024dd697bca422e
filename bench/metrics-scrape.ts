/** Reading a server process's Prometheus text (its metrics listener, `METRICS_ENABLED=true`). */

/** One process's `/metrics` text; rejects after `timeoutMs`. */
export async function scrapeMetrics(metricsPort: number, timeoutMs = 10_000): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { signal: AbortSignal.timeout(timeoutMs) });
  return response.text();
}

/** The samples of a series with one label (`name{label="value"} n`), by the label's value. */
export function samplesByLabel(text: string, name: string, label: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const match of text.matchAll(new RegExp(`^${name}\\{${label}="(\\w+)"\\} (\\d+(?:\\.\\d+)?)$`, 'gm'))) samples.set(match[1], Number(match[2]));
  return samples;
}
