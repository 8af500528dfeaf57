// Maps method + path to an endpoint name using the shared ENDPOINTS table (never a copy of it).
import { ENDPOINTS, type EndpointName } from '../api/endpoints.js';

interface CompiledRoute {
  name: EndpointName;
  method: string;
  pattern: RegExp;
  paramNames: string[];
}

const ROUTES: CompiledRoute[] = (Object.keys(ENDPOINTS) as EndpointName[]).map((name) => {
  const spec = ENDPOINTS[name];
  const paramNames: string[] = [];
  const source = spec.path
    .split('/')
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      paramNames.push(param[1] as string);
      return '([^/]+)';
    })
    .join('/');
  return { name, method: spec.method, pattern: new RegExp(`^${source}/?$`), paramNames };
});

/** Outcome of routing: a match with its path parameters, a known path with the wrong method, or nothing. */
export type RouteResult =
  | { kind: 'match'; endpoint: EndpointName; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allowed: string[] }
  | { kind: 'not-found' };

/**
 * Routes a path relative to /v1. `methods` are tried in order, so a POST carrying `_method=DELETE`
 * (Laravel-style method spoofing) can reach a DELETE route and still reach a POST route.
 */
export function route(methods: string[], path: string): RouteResult {
  const candidates: { route: CompiledRoute; values: string[] }[] = [];
  for (const r of ROUTES) {
    const m = r.pattern.exec(path);
    if (m) candidates.push({ route: r, values: m.slice(1) });
  }
  if (candidates.length === 0) return { kind: 'not-found' };
  for (const method of methods) {
    const hit = candidates.find((c) => c.route.method === method);
    if (hit) {
      const params: Record<string, string> = {};
      hit.route.paramNames.forEach((p, i) => (params[p] = safeDecode(hit.values[i] as string)));
      return { kind: 'match', endpoint: hit.route.name, params };
    }
  }
  return { kind: 'method-not-allowed', allowed: [...new Set(candidates.map((c) => c.route.method))] };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
