export { useCustomQrScan, type CustomQrScanResult, type QrScanVia } from './api';
export { externalQrRoutes } from './routes';
