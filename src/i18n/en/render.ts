// English texts the neutral renderers write themselves (src/render): time spans and relative times
// (time-format.ts), the confirmation hint under a pending card and the line standing for an image
// (text.ts). render-id.ts has the same keys.
export const renderEn = {
  'unit.s': '{n} s',
  'unit.min': '{n} min',
  'unit.h': '{n} h',
  'unit.d': '{n} d',
  'unit.mo': '{n} mo',
  'unit.y': '{n} y',
  'time.ago': '{span} ago',
  'time.in': 'in {span}',
  'time.justNow': 'just now',
  'render.awaiting': 'Awaiting confirmation: {how} · {expiry}',
  'render.expiresIn': 'expires in {span}',
  'render.expired': 'expired',
  'render.typeToConfirm': 'type {name} to confirm',
  // {action} is a sentence ("type web-1 to confirm"), {cancel} the Cancel button's label.
  'render.orCancel': '{action}, or {cancel}',
  'render.image': '[image: {alt}] ({file})',
  'render.imageSaved': '[image: {alt}] saved to {path}',
} as const;
