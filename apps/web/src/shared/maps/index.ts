/** The interactive map viewer (zoom, pan, pins) shared by the console's editor and the participant app. See README.md. */
export { MapViewer, type MapViewerProps, type MapPinView } from './MapViewer';
export { PinMarker } from './PinMarker';
export { usePlanImage, type PlanSource, type PlanImage } from './usePlanImage';
export type { Point, Size } from './viewport';
