// Validates a Kubernetes object against the published OpenAPI schemas (the kubernetes-models
// package): types, required fields and formats. The schemas allow unknown fields, so a misspelt
// one is left to kubernetes-shape.ts.
import { ConfigMap, Secret, Service } from 'kubernetes-models/v1';
import { Deployment, StatefulSet } from 'kubernetes-models/apps/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';

type Obj = Record<string, unknown>;

interface Validating {
  validate(): void;
}

const MODELS: Record<string, (doc: Obj) => Validating> = {
  'v1/ConfigMap': (doc) => new ConfigMap(doc),
  'v1/Secret': (doc) => new Secret(doc),
  'v1/Service': (doc) => new Service(doc),
  'apps/v1/Deployment': (doc) => new Deployment(doc),
  'apps/v1/StatefulSet': (doc) => new StatefulSet(doc),
  'policy/v1/PodDisruptionBudget': (doc) => new PodDisruptionBudget(doc),
};

/** The schema's complaint about a manifest object, or null when it is valid. */
export function schemaProblem(doc: Obj): string | null {
  const model = MODELS[`${String(doc.apiVersion)}/${String(doc.kind)}`];
  if (!model) return `no schema for ${String(doc.apiVersion)} ${String(doc.kind)}`;
  try {
    model(doc).validate();
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
