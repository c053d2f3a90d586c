export { RealtimeProvider } from './RealtimeProvider';
export { useRealtimeEvent, useRealtimeEventIn, useRealtimeResync } from './useRealtimeEvent';
