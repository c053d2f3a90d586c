export { useCustomQrScan, type QrScanVia } from './api';
export { externalQrRoutes } from './routes';
