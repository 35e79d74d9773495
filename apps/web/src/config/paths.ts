import { paths as routePaths } from '@auscura/contracts';

/** The route table lives in the contracts package so e2e tests and the API's redirects agree with the app. */
export const paths = routePaths;

/** The About entry of the menu points at the "About Auscura" section of the support page. */
export const aboutHref = `${routePaths.support.getHref()}#about`;

export const contactAddresses = {
  support: 'support@auscura.example',
  contact: 'contact@auscura.example',
  security: 'security@auscura.example',
} as const;
