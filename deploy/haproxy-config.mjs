// The HAProxy configuration of the cluster recipe, written from the processes' addresses: `scripts/cluster.mjs` writes
// it for the counts it starts, and `deploy/haproxy.cfg` is its output for two API and two console processes
// (`node deploy/haproxy-config.mjs > deploy/haproxy.cfg`; a test keeps the two the same).

/**
 * @param {{ api: string[], console: string[], apiPort: number, consolePort: number, bind?: string }} layout
 *   the `host:port` of each API and console process, and the ports HAProxy listens on for each
 */
export function haproxyConfig({ api, console: consoles, apiPort, consolePort, bind = '127.0.0.1' }) {
  const servers = (name, addresses) => addresses.map((address, i) => `  server ${name}${i + 1} ${address} check`).join('\n');
  return `# Campus Administration System behind HAProxy (Debian's haproxy 2.6). Any process serves any request: sessions,
# caches, jobs and schedules live in PostgreSQL, so nothing is sticky. A process leaves the rotation when its /readyz
# fails (two checks a second apart: a SIGTERM fails it at once, SHUTDOWN_DELAY_MS 3 s before the process stops
# listening), and comes back after two passes.

global
  maxconn 4096

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout http-request 10s
  timeout http-keep-alive 5s
  # A request that could not reach a process goes to another one (a process killed outright refuses connections
  # until two health checks fail). A request a process dropped, answered with garbage or an error, or did not answer
  # (it died or stopped mid-request) is retried on another process only when repeating it changes nothing (GET, HEAD,
  # OPTIONS: see each backend): a write is never sent twice, its client sees the error instead.
  retries 3
  option redispatch 1
  retry-on all-retryable-errors
  # Health checks ask whether the process may take requests, not merely whether it is alive.
  option httpchk GET /readyz
  http-check expect status 200
  default-server inter 1s fall 2 rise 2
  # Every request carries an id into the console's and the API's logs (set in each frontend; a client's is kept).
  unique-id-format %{+X}o%ci%cp%fp%Ts%rt%pid

frontend console
  bind ${bind}:${consolePort}
  # Metrics are for Prometheus, which scrapes each process directly (see the README), never through the balancer.
  http-request deny deny_status 404 if { path /metrics }
  http-request set-header x-request-id %[unique-id] unless { req.hdr(x-request-id) -m found }
  option forwardfor
  default_backend consoles

backend consoles
  balance leastconn
  http-request disable-l7-retry unless { method GET HEAD OPTIONS }
${servers('console', consoles)}

frontend api
  bind ${bind}:${apiPort}
  http-request deny deny_status 404 if { path /metrics }
  http-request set-header x-request-id %[unique-id] unless { req.hdr(x-request-id) -m found }
  # No X-Forwarded-For here: the console sends the browser's address with its proof, and the API believes only that.
  default_backend apis

backend apis
  balance leastconn
  http-request disable-l7-retry unless { method GET HEAD OPTIONS }
${servers('api', api)}
`;
}

// `node deploy/haproxy-config.mjs`: the configuration of two API processes (4001, 4002) and two consoles (3001, 3002)
// behind :4000 and :3000.
if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(
    haproxyConfig({ api: ['127.0.0.1:4001', '127.0.0.1:4002'], console: ['127.0.0.1:3001', '127.0.0.1:3002'], apiPort: 4000, consolePort: 3000 }),
  );
}
