// deploy/kubernetes/: every manifest parses and passes the structural check (kubernetes-shape.ts),
// and the Deployment keeps the rules of a production bot: two replicas spread apart, probes on the
// admin port, secrets only by reference, a locked-down container, resources, a PDB.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { schemaProblem } from './kubernetes-schema.js';
import { shapeProblems } from './kubernetes-shape.js';

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const DIR = fileURLToPath(new URL('../../deploy/kubernetes', import.meta.url));

function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? yamlFiles(join(dir, entry.name))
      : /\.ya?ml$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  );
}

function parse(file: string): Obj[] {
  return parseAllDocuments(readFileSync(file, 'utf8')).map((doc) => {
    if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors.map((e) => e.message).join('; ')}`);
    return doc.toJS() as Obj;
  });
}

const files = yamlFiles(DIR);
const kustomizations = files.filter((file) => /kustomization\.ya?ml$/.test(file));
/** Every Kubernetes object a kustomization applies, by the files it lists. */
const applied = (kustomization: string): Obj[] =>
  (parse(kustomization)[0]?.resources as string[]).flatMap((resource) =>
    parse(join(kustomization, '..', resource)),
  );
const base = applied(join(DIR, 'kustomization.yaml'));
const byKind = (kind: string) => base.filter((doc) => doc.kind === kind);
const deployment = byKind('Deployment')[0] as Obj;
const pod = deployment.spec.template.spec as Obj;
const bot = pod.containers[0] as Obj;
const envNamed = (name: string) => (bot.env as Obj[]).find((e) => e.name === name);
const portNamed = (name: string) => (bot.ports as Obj[]).find((p) => p.name === name);

describe('deploy/kubernetes manifests', () => {
  it('parse, and every object passes the structural check', () => {
    expect(files.length).toBeGreaterThanOrEqual(7);
    for (const file of files.filter((f) => !kustomizations.includes(f) && !f.endsWith('policy.yaml'))) {
      for (const doc of parse(file)) expect(shapeProblems(doc), relative(DIR, file)).toEqual([]);
    }
  });

  it('validate against the Kubernetes OpenAPI schemas (kubernetes-models)', () => {
    const objects = files
      .filter((f) => !kustomizations.includes(f) && !f.endsWith('policy.yaml'))
      .flatMap((file) => parse(file).map((doc) => ({ file: relative(DIR, file), doc })));
    expect(objects.map((o) => o.doc.kind)).toEqual(
      expect.arrayContaining(['Deployment', 'Service', 'PodDisruptionBudget', 'Secret', 'StatefulSet']),
    );
    for (const { file, doc } of objects) expect(schemaProblem(doc), `${file} ${doc.kind}`).toBeNull();
    const broken = structuredClone(deployment);
    broken.spec.replicas = '2';
    delete broken.spec.template.spec.containers[0].name;
    expect(schemaProblem(broken)).toMatch(/replicas must be integer|must have required property 'name'/);
  });

  it('list only files that exist in their kustomizations, and generate the policy ConfigMap the pods mount', () => {
    for (const kustomization of kustomizations) {
      const k = parse(kustomization)[0] as Obj;
      expect(k).toMatchObject({ apiVersion: 'kustomize.config.k8s.io/v1beta1', kind: 'Kustomization' });
      for (const resource of k.resources as string[])
        expect(existsSync(join(kustomization, '..', resource))).toBe(true);
    }
    const k = parse(join(DIR, 'kustomization.yaml'))[0] as Obj;
    const generated = (k.configMapGenerator as Obj[]).map((g) => g.name);
    const mounted = (pod.volumes as Obj[]).filter((v) => v.configMap).map((v) => v.configMap.name);
    expect(generated).toEqual(expect.arrayContaining(mounted));
    for (const g of k.configMapGenerator as Obj[])
      for (const file of g.files as string[]) expect(existsSync(join(DIR, file))).toBe(true);
    expect(k.images).toEqual([expect.objectContaining({ name: bot.image })]);
  });

  it('run two replicas, rolled one at a time and spread across nodes', () => {
    expect(deployment.spec.replicas).toBe(2);
    expect(deployment.spec.strategy.rollingUpdate).toEqual({ maxSurge: 1, maxUnavailable: 0 });
    const spread = pod.topologySpreadConstraints as Obj[] | undefined;
    const antiAffinity = pod.affinity?.podAntiAffinity;
    expect(spread?.length || antiAffinity).toBeTruthy();
    for (const constraint of spread ?? [])
      expect(constraint.labelSelector.matchLabels).toEqual(deployment.spec.selector.matchLabels);
  });

  it('probe /healthz for liveness and /readyz for readiness on the admin port VPSOPS_ADMIN_PORT names', () => {
    expect(bot.livenessProbe.httpGet).toEqual({ path: '/healthz', port: 'admin' });
    expect(bot.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'admin' });
    expect(envNamed('VPSOPS_ADMIN_PORT')?.value).toBe(String(portNamed('admin')?.containerPort));
    expect(envNamed('PORT')?.value).toBe(String(portNamed('http')?.containerPort));
    expect(envNamed('VPSOPS_ADMIN_PORT')?.value).not.toBe(envNamed('PORT')?.value);
  });

  it('take secrets from Secrets only: envFrom a secretRef, REDIS_URL its own entry, no literal secret anywhere', () => {
    expect(bot.envFrom).toEqual([{ secretRef: { name: expect.any(String) } }]);
    const redis = envNamed('REDIS_URL');
    expect(redis?.valueFrom?.secretKeyRef ?? redis?.value).toBeTruthy();
    for (const e of bot.env as Obj[])
      if (/TOKEN|SECRET|KEY|PASSWORD|REDIS_URL/.test(e.name)) expect(e.value, e.name).toBeUndefined();
    expect(base.filter((doc) => doc.kind === 'Secret')).toEqual([]);
    const everything = files.map((file) => readFileSync(file, 'utf8')).join('\n');
    expect(everything).not.toMatch(/xox[abp]-|xapp-|sim_[0-9a-f]{8}|[0-9a-f]{64}|redis:\/\/:[^@R]+@/);
  });

  it('keep the Secret example to placeholders', () => {
    const secrets = parse(join(DIR, 'secret.example.yaml'));
    expect(secrets.map((s) => s.metadata.name).sort()).toEqual(
      [bot.envFrom[0].secretRef.name, envNamed('REDIS_URL')?.valueFrom.secretKeyRef.name].sort(),
    );
    for (const secret of secrets)
      for (const [key, value] of Object.entries(secret.stringData as Record<string, string>))
        expect(value, key).toMatch(/REPLACE_ME|example\.com/);
  });

  it('lock the container down and give it resources and a writable /tmp', () => {
    expect(pod.securityContext.runAsNonRoot).toBe(true);
    expect(bot.securityContext).toMatchObject({
      runAsNonRoot: true,
      readOnlyRootFilesystem: true,
      allowPrivilegeEscalation: false,
      capabilities: { drop: ['ALL'] },
    });
    expect(bot.resources.requests).toEqual({ cpu: expect.any(String), memory: expect.any(String) });
    expect(bot.resources.limits).toMatchObject({ memory: expect.any(String) });
    const tmp = (bot.volumeMounts as Obj[]).find((m) => m.mountPath === '/tmp');
    const volume = (pod.volumes as Obj[]).find((v) => v.name === tmp?.name);
    expect(volume?.emptyDir).toBeDefined();
    const data = (bot.volumeMounts as Obj[]).find((m) => m.mountPath === envNamed('VPSOPS_DATA_DIR')?.value);
    expect(data).toBeDefined();
  });

  it('select the bot pods from the Service and a PodDisruptionBudget keeping one available', () => {
    const labels = deployment.spec.template.metadata.labels as Obj;
    const [service] = byKind('Service');
    expect(labels).toMatchObject(service?.spec.selector);
    for (const port of service?.spec.ports as Obj[]) expect(portNamed(port.targetPort)).toBeDefined();
    const [pdb] = byKind('PodDisruptionBudget');
    expect(pdb?.spec.minAvailable).toBe(1);
    expect(labels).toMatchObject(pdb?.spec.selector.matchLabels);
  });

  it('offer a trial Redis, outside the base, marked as such, with AOF on and noeviction', () => {
    const trialDir = join(DIR, 'redis-trial');
    const trial = applied(join(trialDir, 'kustomization.yaml'));
    const statefulSet = trial.find((doc) => doc.kind === 'StatefulSet') as Obj;
    expect(base.some((doc) => doc.kind === 'StatefulSet')).toBe(false);
    expect(readFileSync(join(trialDir, 'kustomization.yaml'), 'utf8')).toMatch(/FOR TRIALS ONLY/);
    expect(statefulSet.metadata.annotations['vpsops/purpose']).toMatch(/trial/);
    const args = (statefulSet.spec.template.spec.containers[0].args as string[]).join(' ');
    expect(args).toMatch(/--appendonly yes/);
    expect(args).toMatch(/--maxmemory-policy noeviction/);
    const service = trial.find((doc) => doc.kind === 'Service') as Obj;
    expect(service.metadata.name).toBe(statefulSet.spec.serviceName);
  });
});

describe('the structural check', () => {
  const valid = () => JSON.parse(JSON.stringify(deployment)) as Obj;

  it('accepts the Deployment as it is', () => {
    expect(shapeProblems(valid())).toEqual([]);
  });

  it('catches a misspelt field, an unquoted number in env, a probe on a missing port and a bad quantity', () => {
    const broken = valid();
    const container = broken.spec.template.spec.containers[0] as Obj;
    container.livenesProbe = container.livenessProbe;
    container.env.push({ name: 'PORT_AS_NUMBER', value: 3000 });
    container.readinessProbe.httpGet.port = 'metrics';
    container.resources.limits.memory = '512 MB';
    broken.spec.selector.matchLabels = { app: 'other' };
    const problems = shapeProblems(broken).join('\n');
    expect(problems).toMatch(/unknown field "livenesProbe"/);
    expect(problems).toMatch(/env\[\d+\]\.value: must be a string/);
    expect(problems).toMatch(/readinessProbe\.httpGet\.port: names no container port \(metrics\)/);
    expect(problems).toMatch(/limits\.memory: must be a quantity/);
    expect(problems).toMatch(/the pod template lacks label app=other/);
  });
});
