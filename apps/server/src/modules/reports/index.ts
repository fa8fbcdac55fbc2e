// The back-office's reports (D22): what the app's wiring registers.

export { reportsRoutes } from './routes.ts';
