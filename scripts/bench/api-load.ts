/** API load with autocannon against the benchmark's server process (scripts/bench/app-server.ts). */
import autocannon from 'autocannon';
import type { ServerInfo } from './server-process';

export interface LoadFigure {
  name: string;
  connections: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function hit(name: string, opts: autocannon.Options): Promise<LoadFigure> {
  const r = await autocannon({ ...opts });
  const twoXx = (r as unknown as { '2xx': number })['2xx'];
  return {
    name,
    connections: opts.connections ?? 10,
    seconds: r.duration,
    rps: twoXx / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

/** Every scenario at 50 connections (login at 5: each argon2id hash costs ~20 ms of CPU). */
export async function apiLoad(s: ServerInfo, seconds = 5): Promise<LoadFigure[]> {
  const api = `http://127.0.0.1:${s.appPort}/api`;
  const rc = `${api}/v1/citizen/resident-certificate`;
  const auth = { authorization: `Bearer ${s.token}` };
  const scenarios: [string, autocannon.Options][] = [
    [
      'bare Fastify route, same bytes as the province list',
      { url: `http://127.0.0.1:${s.barePort}/provinces`, connections: 50 },
    ],
    ['GET provinces', { url: `${api}/v1/master-data/location/provinces`, connections: 50 }],
    [
      `GET villages of the largest district`,
      { url: `${api}/v1/master-data/location/villages/${s.bigDistrict}`, connections: 50 },
    ],
    ['GET history (10 applications)', { url: `${rc}/history`, headers: auth, connections: 50 }],
    [
      'GET application detail',
      {
        url: `${rc}/${s.ids[0]}`,
        headers: auth,
        connections: 50,
        requests: s.ids.map((id) => ({ path: `/api/v1/citizen/resident-certificate/${id}`, headers: auth })),
      },
    ],
  ];
  const out: LoadFigure[] = [];
  for (const [name, opts] of scenarios) {
    // The app keeps its per-address ceiling (100,000 a minute under NODE_ENV=test) and every request
    // here comes from 127.0.0.1: after the province list, a new minute starts before going on.
    if (out.length === 2) await new Promise((resolve) => setTimeout(resolve, 61_000));
    await hit(name, { ...opts, duration: 1 }); // warm-up: JIT, connections, caches
    out.push(await hit(name, { ...opts, duration: seconds }));
  }
  out.push(
    await hit('POST auth/login (argon2id)', {
      url: `${api}/v1/auth/login`,
      method: 'POST',
      connections: 5,
      amount: 50,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: s.email, password: s.password }),
    }),
  );
  return out;
}
