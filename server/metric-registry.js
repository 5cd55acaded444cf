// @ts-check
// Prometheus metrics are made here (docs/decisions/040-operations-you-can-see.md), in prom-client's
// one registry per process, which the metrics server (server/metrics.js) answers with.
import client from 'prom-client'

export const registry = client.register

/**
 * A metric is defined where what it measures happens, and a module can be evaluated more than
 * once in a process: the production build holds its own copy of the server/ files the app
 * imports, and Vite evaluates a changed module again in development. prom-client refuses a second
 * metric of the same name, so a definition met again answers the metric already registered.
 * @template {client.Metric<string>} M
 * @param {string} name
 * @param {() => M} make
 * @returns {M}
 */
function once(name, make) {
  return /** @type {M} */ (registry.getSingleMetric(name)) ?? make()
}

/**
 * @template {string} L
 * @param {client.CounterConfiguration<L>} config
 */
export function counter(config) {
  return once(config.name, () => new client.Counter(config))
}

/**
 * @template {string} L
 * @param {client.GaugeConfiguration<L>} config
 */
export function gauge(config) {
  return once(config.name, () => new client.Gauge(config))
}

/**
 * @template {string} L
 * @param {client.HistogramConfiguration<L>} config
 */
export function histogram(config) {
  return once(config.name, () => new client.Histogram(config))
}

/** Durations of work a person waits for: 5 ms to 10 s. */
export const REQUEST_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

/** Durations of background work (a sweeper run, a wait in a queue): 1 ms to 2 minutes. */
export const BACKGROUND_SECONDS = [0.001, 0.01, 0.05, 0.1, 0.5, 1, 5, 15, 30, 60, 120]
