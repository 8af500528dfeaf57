// English texts the neutral renderers add themselves (src/render/text.ts): the confirmation hint
// under a pending card and the line standing for an image. render-id.ts has the same keys.
export const renderEn = {
  'render.awaiting': 'Awaiting confirmation: {how} · {expiry}',
  'render.expiresIn': 'expires in {span}',
  'render.expired': 'expired',
  'render.typeToConfirm': 'type {name} to confirm',
  // {action} is a sentence ("type web-1 to confirm"), {cancel} the Cancel button's label.
  'render.orCancel': '{action}, or {cancel}',
  'render.image': '[image: {alt}] ({file})',
  'render.imageSaved': '[image: {alt}] saved to {path}',
} as const;
