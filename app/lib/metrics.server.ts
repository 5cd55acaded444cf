/**
 * Prometheus metrics (docs/decisions/040-operations-you-can-see.md): each is defined where what it
 * measures happens (the hash queue in password.server.ts, the outbox in email.server.ts...) with
 * these, in prom-client's registry, which the metrics server answers with on its own port
 * (server/metrics.js). Names start with `solace_`; labels are bounded sets (a route id, a limit's
 * name, an event type), never an id, an address or anything a person typed.
 */
export { BACKGROUND_SECONDS, counter, gauge, histogram } from '../../server/metric-registry.js'
