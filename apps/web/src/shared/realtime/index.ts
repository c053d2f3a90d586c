export { RealtimeProvider } from './RealtimeProvider';
export { useRealtimeEvent, useRealtimeResync } from './useRealtimeEvent';
