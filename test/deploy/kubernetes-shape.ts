// A hand-kept, minimal structural check of the Kubernetes objects in deploy/kubernetes/, beside the
// OpenAPI validation of kubernetes-schema.ts: the published schemas accept unknown fields, so this
// knows the kinds and fields those manifests use and catches a misspelt field, a probe naming a port
// the container lacks or a selector the pod template does not match, without a cluster.

type Obj = Record<string, unknown>;

const isObj = (value: unknown): value is Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const DNS_LABEL = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;
const PORT_NAME = /^(?=.{1,15}$)[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]{0,61})?[A-Za-z0-9])?$/;
const QUANTITY = /^[0-9]+(\.[0-9]+)?(m|k|M|G|T|Ki|Mi|Gi|Ti)?$/;

const KINDS: Record<string, string> = {
  Deployment: 'apps/v1',
  StatefulSet: 'apps/v1',
  Service: 'v1',
  Secret: 'v1',
  ConfigMap: 'v1',
  PodDisruptionBudget: 'policy/v1',
};

const FIELDS = {
  object: ['apiVersion', 'kind', 'metadata', 'spec', 'data', 'stringData', 'type'],
  metadata: ['name', 'namespace', 'labels', 'annotations'],
  workloadSpec: [
    'replicas',
    'selector',
    'template',
    'strategy',
    'revisionHistoryLimit',
    'serviceName',
    'volumeClaimTemplates',
    'minReadySeconds',
  ],
  podSpec: [
    'containers',
    'volumes',
    'securityContext',
    'topologySpreadConstraints',
    'affinity',
    'terminationGracePeriodSeconds',
    'automountServiceAccountToken',
    'serviceAccountName',
  ],
  container: [
    'name',
    'image',
    'imagePullPolicy',
    'args',
    'command',
    'ports',
    'env',
    'envFrom',
    'startupProbe',
    'livenessProbe',
    'readinessProbe',
    'resources',
    'securityContext',
    'volumeMounts',
  ],
  probe: [
    'httpGet',
    'exec',
    'tcpSocket',
    'initialDelaySeconds',
    'periodSeconds',
    'timeoutSeconds',
    'failureThreshold',
    'successThreshold',
  ],
  containerSecurity: [
    'runAsNonRoot',
    'runAsUser',
    'runAsGroup',
    'readOnlyRootFilesystem',
    'allowPrivilegeEscalation',
    'capabilities',
    'privileged',
    'seccompProfile',
  ],
  podSecurity: ['runAsNonRoot', 'runAsUser', 'runAsGroup', 'fsGroup', 'seccompProfile'],
  serviceSpec: ['type', 'selector', 'ports', 'clusterIP'],
  servicePort: ['name', 'port', 'targetPort', 'protocol'],
  pdbSpec: ['minAvailable', 'maxUnavailable', 'selector'],
  volume: ['name', 'emptyDir', 'configMap', 'secret', 'persistentVolumeClaim'],
};

/** Every problem found in one object, each naming its path; empty when it looks valid. */
export function shapeProblems(doc: unknown): string[] {
  const problems: string[] = [];
  const fail = (path: string, message: string) => problems.push(`${path}: ${message}`);
  const only = (value: Obj, allowed: readonly string[], path: string) => {
    for (const key of Object.keys(value)) if (!allowed.includes(key)) fail(path, `unknown field "${key}"`);
  };
  const int = (value: unknown, path: string, min = 0, max = 2_147_483_647) => {
    if (!Number.isInteger(value) || (value as number) < min || (value as number) > max)
      fail(path, `must be an integer ${min}–${max}`);
  };
  const labels = (value: unknown, path: string) => {
    if (value === undefined) return;
    if (!isObj(value)) return fail(path, 'must be a map');
    for (const [key, v] of Object.entries(value)) {
      if (typeof v !== 'string') fail(`${path}.${key}`, 'must be a string');
      else if (!LABEL_VALUE.test(v)) fail(`${path}.${key}`, 'is not a valid label value');
    }
  };
  const stringMap = (value: unknown, path: string) => {
    if (value === undefined) return;
    if (!isObj(value)) return fail(path, 'must be a map');
    for (const [key, v] of Object.entries(value))
      if (typeof v !== 'string') fail(`${path}.${key}`, 'must be a string');
  };
  const selector = (value: unknown, path: string) => {
    if (!isObj(value) || !isObj(value.matchLabels)) return fail(path, 'needs matchLabels');
    labels(value.matchLabels, `${path}.matchLabels`);
  };

  if (!isObj(doc)) return ['document: must be a map'];
  only(doc, FIELDS.object, '');
  const kind = String(doc.kind);
  if (!(kind in KINDS)) fail('kind', `unknown kind ${kind}`);
  else if (doc.apiVersion !== KINDS[kind])
    fail('apiVersion', `${kind} is ${KINDS[kind]}, not ${String(doc.apiVersion)}`);
  if (!isObj(doc.metadata)) fail('metadata', 'required');
  else {
    only(doc.metadata, FIELDS.metadata, 'metadata');
    if (typeof doc.metadata.name !== 'string' || !DNS_SUBDOMAIN.test(doc.metadata.name))
      fail('metadata.name', 'must be a DNS-1123 subdomain');
    labels(doc.metadata.labels, 'metadata.labels');
    stringMap(doc.metadata.annotations, 'metadata.annotations');
  }

  const probe = (value: unknown, path: string, portNames: Set<string>) => {
    if (value === undefined) return;
    if (!isObj(value)) return fail(path, 'must be a map');
    only(value, FIELDS.probe, path);
    const handlers = ['httpGet', 'exec', 'tcpSocket'].filter((h) => value[h] !== undefined);
    if (handlers.length !== 1) fail(path, 'needs exactly one of httpGet, exec, tcpSocket');
    if (isObj(value.httpGet)) {
      const { port, path: urlPath } = value.httpGet;
      if (typeof urlPath !== 'string' || !urlPath.startsWith('/'))
        fail(`${path}.httpGet.path`, 'must start with /');
      if (typeof port === 'string' ? !portNames.has(port) : !Number.isInteger(port))
        fail(`${path}.httpGet.port`, `names no container port (${String(port)})`);
    }
    for (const key of ['initialDelaySeconds', 'periodSeconds', 'timeoutSeconds', 'failureThreshold'])
      if (value[key] !== undefined) int(value[key], `${path}.${key}`, key === 'initialDelaySeconds' ? 0 : 1);
  };

  const container = (c: unknown, path: string, volumeNames: Set<string>) => {
    if (!isObj(c)) return fail(path, 'must be a map');
    only(c, FIELDS.container, path);
    if (typeof c.name !== 'string' || !DNS_LABEL.test(c.name)) fail(`${path}.name`, 'must be a DNS label');
    if (typeof c.image !== 'string' || c.image === '') fail(`${path}.image`, 'required');
    for (const key of ['args', 'command'])
      if (c[key] !== undefined && (!Array.isArray(c[key]) || !c[key].every((a) => typeof a === 'string')))
        fail(`${path}.${key}`, 'must be a list of strings');
    const portNames = new Set<string>();
    for (const [i, p] of ((c.ports as unknown[]) ?? []).entries()) {
      if (!isObj(p)) continue;
      int(p.containerPort, `${path}.ports[${i}].containerPort`, 1, 65_535);
      if (p.name !== undefined) {
        if (typeof p.name !== 'string' || !PORT_NAME.test(p.name))
          fail(`${path}.ports[${i}].name`, 'invalid');
        else portNames.add(p.name);
      }
    }
    for (const [i, e] of ((c.env as unknown[]) ?? []).entries()) {
      if (!isObj(e) || typeof e.name !== 'string') {
        fail(`${path}.env[${i}]`, 'needs a name');
        continue;
      }
      if ((e.value === undefined) === (e.valueFrom === undefined))
        fail(`${path}.env[${i}]`, 'needs exactly one of value, valueFrom');
      if (e.value !== undefined && typeof e.value !== 'string')
        fail(`${path}.env[${i}].value`, 'must be a string');
      if (isObj(e.valueFrom)) {
        const ref = e.valueFrom.secretKeyRef ?? e.valueFrom.configMapKeyRef;
        if (!isObj(ref) || typeof ref.name !== 'string' || typeof ref.key !== 'string')
          fail(`${path}.env[${i}].valueFrom`, 'needs a secretKeyRef/configMapKeyRef with name and key');
      }
    }
    for (const [i, e] of ((c.envFrom as unknown[]) ?? []).entries()) {
      const ref = isObj(e) ? (e.secretRef ?? e.configMapRef) : undefined;
      if (!isObj(ref) || typeof ref.name !== 'string')
        fail(`${path}.envFrom[${i}]`, 'needs secretRef/configMapRef.name');
    }
    for (const name of ['startupProbe', 'livenessProbe', 'readinessProbe'])
      probe(c[name], `${path}.${name}`, portNames);
    if (c.resources !== undefined) {
      if (!isObj(c.resources)) fail(`${path}.resources`, 'must be a map');
      else
        for (const part of ['requests', 'limits'] as const) {
          const quantities = c.resources[part];
          if (quantities === undefined) continue;
          if (!isObj(quantities)) fail(`${path}.resources.${part}`, 'must be a map');
          else
            for (const [key, q] of Object.entries(quantities))
              if (typeof q !== 'string' || !QUANTITY.test(q))
                fail(`${path}.resources.${part}.${key}`, 'must be a quantity string like 100m or 256Mi');
        }
    }
    if (isObj(c.securityContext))
      only(c.securityContext, FIELDS.containerSecurity, `${path}.securityContext`);
    for (const [i, m] of ((c.volumeMounts as unknown[]) ?? []).entries()) {
      if (!isObj(m) || typeof m.mountPath !== 'string' || !m.mountPath.startsWith('/'))
        fail(`${path}.volumeMounts[${i}]`, 'needs an absolute mountPath');
      else if (!volumeNames.has(String(m.name)))
        fail(`${path}.volumeMounts[${i}]`, `no volume ${String(m.name)}`);
    }
  };

  const podSpec = (spec: unknown, path: string, claimNames: string[]) => {
    if (!isObj(spec)) return fail(path, 'required');
    only(spec, FIELDS.podSpec, path);
    if (isObj(spec.securityContext))
      only(spec.securityContext, FIELDS.podSecurity, `${path}.securityContext`);
    const volumeNames = new Set(claimNames);
    for (const [i, v] of ((spec.volumes as unknown[]) ?? []).entries()) {
      if (!isObj(v)) continue;
      only(v, FIELDS.volume, `${path}.volumes[${i}]`);
      if (Object.keys(v).filter((k) => k !== 'name').length !== 1)
        fail(`${path}.volumes[${i}]`, 'needs exactly one volume source');
      volumeNames.add(String(v.name));
    }
    if (!Array.isArray(spec.containers) || spec.containers.length === 0)
      fail(`${path}.containers`, 'required');
    else spec.containers.forEach((c, i) => container(c, `${path}.containers[${i}]`, volumeNames));
  };

  const spec = doc.spec;
  if (kind === 'Deployment' || kind === 'StatefulSet') {
    if (!isObj(spec)) return [...problems, 'spec: required'];
    only(spec, FIELDS.workloadSpec, 'spec');
    if (spec.replicas !== undefined) int(spec.replicas, 'spec.replicas');
    selector(spec.selector, 'spec.selector');
    const template = isObj(spec.template) ? spec.template : {};
    const podLabels =
      isObj(template.metadata) && isObj(template.metadata.labels) ? template.metadata.labels : {};
    const wanted = isObj(spec.selector) && isObj(spec.selector.matchLabels) ? spec.selector.matchLabels : {};
    for (const [key, value] of Object.entries(wanted))
      if (podLabels[key] !== value)
        fail('spec.selector', `the pod template lacks label ${key}=${String(value)}`);
    if (kind === 'StatefulSet' && typeof spec.serviceName !== 'string') fail('spec.serviceName', 'required');
    const claims = ((spec.volumeClaimTemplates as Obj[] | undefined) ?? []).map((claim) =>
      String(isObj(claim.metadata) ? claim.metadata.name : ''),
    );
    podSpec(template.spec, 'spec.template.spec', claims);
  } else if (kind === 'Service') {
    if (!isObj(spec)) return [...problems, 'spec: required'];
    only(spec, FIELDS.serviceSpec, 'spec');
    labels(spec.selector, 'spec.selector');
    for (const [i, p] of ((spec.ports as unknown[]) ?? []).entries()) {
      if (!isObj(p)) continue;
      only(p, FIELDS.servicePort, `spec.ports[${i}]`);
      int(p.port, `spec.ports[${i}].port`, 1, 65_535);
    }
  } else if (kind === 'PodDisruptionBudget') {
    if (!isObj(spec)) return [...problems, 'spec: required'];
    only(spec, FIELDS.pdbSpec, 'spec');
    if ((spec.minAvailable === undefined) === (spec.maxUnavailable === undefined))
      fail('spec', 'needs exactly one of minAvailable, maxUnavailable');
    selector(spec.selector, 'spec.selector');
  } else if (kind === 'Secret' || kind === 'ConfigMap') {
    stringMap(doc.data, 'data');
    stringMap(doc.stringData, 'stringData');
  }
  return problems;
}
