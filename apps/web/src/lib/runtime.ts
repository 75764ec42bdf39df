/*
 * What the deployment says about itself in index.html's meta tags (the API fills them in per deployment, so one build
 * runs anywhere). The Vite dev server leaves the placeholders as they are: read as the development defaults.
 */
const meta = (name: string) =>
  typeof document === 'undefined' ? null : (document.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? null);

/** The development mail viewer answers only where the deployment keeps mail instead of sending it (MAIL_VIEWER). */
export const mailViewerOn = meta('af-mail-viewer') !== 'false';
