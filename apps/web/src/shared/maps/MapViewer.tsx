import { Loader, Text, VisuallyHidden } from '@mantine/core';
import {
  useCallback,
  useEffect,
  useEffectEvent,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import classes from './MapViewer.module.css';
import { PinLayer, type PinView } from './PinLayer';
import { usePlanImage, type PlanSource } from './usePlanImage';
import { ZoomControls } from './ZoomControls';
import {
  centreOn,
  clampViewport,
  fitViewport,
  isOnPlan,
  nudge,
  panBy,
  PAN_STEP,
  roundPosition,
  toPlan,
  toScreen,
  zoomAt,
  zoomCentre,
  ZOOM_STEP,
  type Point,
  type Size,
  type Viewport,
} from './viewport';

/** A pin as the viewer draws it: where (fractions of the plan), its name and colour. */
export type MapPinView = PinView;

export interface MapViewerProps {
  plan: PlanSource;
  pins: readonly MapPinView[];
  /** The map's accessible name (e.g. the map's name). */
  label: string;
  height?: number | string;
  /** Pins become buttons: a click, Enter or Space reports the pin (null: a click on the plan). */
  onSelectPin?: (id: string | null) => void;
  selectedPinId?: string | null;
  /** Centred (zoomed in a little) when the plan first shows, and marked: `/maps/:mapId?pin=`. */
  highlightPinId?: string | null;
  /** Editing: pins are dragged, or nudged with the arrow keys; the new spot is reported once. */
  onMovePin?: (id: string, at: Point) => void;
  /** Placing: a click on the plan (or Enter on the map: its centre) reports the spot. */
  placing?: boolean;
  onPlace?: (at: Point) => void;
  /** The plan's own size once known (a PDF's first page at 1x), e.g. to store it. */
  onPlanSize?: (size: Size) => void;
}

/** A keyboard nudge is saved once the keys rest for this long (or the pin loses the focus). */
const NUDGE_SAVE_DELAY_MS = 600;
/** A press that moves less than this (px) is a click, not a drag. */
const DRAG_THRESHOLD = 4;

type Gesture =
  | { kind: 'pan'; pointerId: number; start: Point; from: Viewport; moved: boolean }
  | { kind: 'pin'; pointerId: number; pinId: string; start: Point; from: Viewport; moved: boolean };

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * An interactive floor plan: zoom (buttons, wheel, + / - / 0 keys, pinch), pan (drag, arrow keys)
 * and pins. Read-only by default; `onMovePin` makes pins draggable (and movable with the arrow
 * keys), `placing` + `onPlace` lets a click add one. Used by the console's map editor and by the
 * participant app's map screen.
 */
export function MapViewer(props: MapViewerProps) {
  const { t } = useTranslation('content');
  const image = usePlanImage(props.plan);
  const helpId = useId();
  const width = image.status === 'ready' ? image.width : 0;
  const height = image.status === 'ready' ? image.height : 0;
  const plan = useMemo(() => ({ width, height }), [width, height]);
  return (
    <div className={classes.root} style={{ height: props.height ?? 480 }}>
      {image.status === 'ready' ? (
        <PlanSurface {...props} src={image.src} plan={plan} helpId={helpId} />
      ) : (
        <div className={classes.status} role="status">
          {image.status === 'loading' ? (
            <Loader aria-label={t('viewer.loading')} />
          ) : (
            <Text c="red.8">{t('viewer.failed')}</Text>
          )}
        </div>
      )}
      <VisuallyHidden id={helpId}>{t(props.onMovePin ? 'viewer.helpEdit' : 'viewer.help')}</VisuallyHidden>
    </div>
  );
}

type SurfaceProps = Omit<MapViewerProps, 'plan' | 'height'> & { src: string; plan: Size; helpId: string };

function PlanSurface({
  src,
  plan,
  helpId,
  pins,
  label,
  onSelectPin,
  selectedPinId,
  highlightPinId,
  onMovePin,
  placing,
  onPlace,
  onPlanSize,
}: SurfaceProps) {
  const { t } = useTranslation('content');
  const surface = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<Size | null>(null);
  const [viewport, setViewport] = useState<Viewport | null>(null);
  const [moving, setMoving] = useState<{ id: string; at: Point } | null>(null);
  const [panning, setPanning] = useState(false);
  const gesture = useRef<Gesture | null>(null);
  const touches = useRef(new Map<number, Point>());
  const pinch = useRef<{ distance: number } | null>(null);
  const nudgeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // Reported once per plan: the caller's callback may change identity on every render.
  const reportSize = useRef(onPlanSize);
  reportSize.current = onPlanSize;
  useEffect(() => reportSize.current?.(plan), [plan]);

  // The viewport's size, followed as the page resizes.
  useLayoutEffect(() => {
    const el = surface.current;
    if (!el) return;
    const measure = () => setView({ width: el.clientWidth, height: el.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // First view: the whole plan, or the highlighted pin in the centre (pins and highlight are read
  // once, on purpose: later changes must not move the admin's view).
  const initialised = useRef(false);
  const showFirstView = useEffectEvent((size: Size) => {
    const fit = fitViewport(plan, size);
    const target = pins.find((p) => p.id === highlightPinId);
    setViewport(target ? centreOn(fit, target, plan, size, fit.scale * 2) : fit);
  });
  useEffect(() => {
    if (!view || view.width === 0) return;
    if (initialised.current) {
      setViewport((v) => (v ? clampViewport(v, plan, view) : v));
      return;
    }
    initialised.current = true;
    showFirstView(view);
  }, [view, plan]);

  // A pin chosen elsewhere (a list beside the map) is brought into view if it is outside it; only
  // when the selection changes: a pin dragged out of view stays where the admin put the view.
  const bringIntoView = useEffectEvent((pinId: string | null | undefined) => {
    const pin = pins.find((p) => p.id === pinId);
    if (!pin || !view) return;
    setViewport((v) => {
      if (!v) return v;
      const at = toScreen(v, plan, pin);
      const inside = at.x >= 0 && at.y >= 0 && at.x <= view.width && at.y <= view.height;
      return inside ? v : centreOn(v, pin, plan, view);
    });
  });
  useEffect(() => {
    bringIntoView(selectedPinId);
  }, [selectedPinId]);

  // The wheel zooms at the pointer; React's wheel listener is passive, so it is added by hand.
  useEffect(() => {
    const el = surface.current;
    if (!el || !view) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const rect = el.getBoundingClientRect();
      const factor = e.deltaY < 0 ? ZOOM_STEP : 1 / ZOOM_STEP;
      setViewport((v) =>
        v ? zoomAt(v, factor, { x: e.clientX - rect.left, y: e.clientY - rect.top }, plan, view) : v,
      );
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [plan, view]);

  useEffect(() => () => void (nudgeTimer.current && clearTimeout(nudgeTimer.current)), []);

  const pointIn = useCallback((e: { clientX: number; clientY: number }): Point => {
    const rect = surface.current!.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  }, []);

  const commitMove = useCallback(
    (id: string, at: Point) => {
      setMoving(null);
      onMovePin?.(id, roundPosition(at));
    },
    [onMovePin],
  );

  // The same element tree as below (a fragment whose first child is the surface), so the measured
  // and observed element is the one that stays.
  if (!view || !viewport) {
    return (
      <>
        <div ref={surface} className={classes.surface} />
      </>
    );
  }

  const zoom = (factor: number) => setViewport((v) => (v ? zoomCentre(v, factor, plan, view) : v));
  const fit = () => setViewport(fitViewport(plan, view));

  const onSurfacePointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    touches.current.set(e.pointerId, pointIn(e));
    if (touches.current.size === 2) {
      const [a, b] = [...touches.current.values()] as [Point, Point];
      pinch.current = { distance: Math.hypot(a.x - b.x, a.y - b.y) };
      gesture.current = null;
      return;
    }
    e.currentTarget.setPointerCapture(e.pointerId);
    gesture.current = {
      kind: 'pan',
      pointerId: e.pointerId,
      start: pointIn(e),
      from: viewport,
      moved: false,
    };
  };

  const onSurfacePointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (touches.current.has(e.pointerId)) touches.current.set(e.pointerId, pointIn(e));
    if (pinch.current && touches.current.size === 2) {
      const [a, b] = [...touches.current.values()] as [Point, Point];
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      const factor = distance / pinch.current.distance;
      pinch.current.distance = distance;
      setViewport((v) => (v ? zoomAt(v, factor, { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, plan, view) : v));
      return;
    }
    const g = gesture.current;
    if (!g || g.pointerId !== e.pointerId) return;
    const at = pointIn(e);
    if (!g.moved && Math.hypot(at.x - g.start.x, at.y - g.start.y) < DRAG_THRESHOLD) return;
    g.moved = true;
    if (g.kind === 'pan' || !onMovePin) {
      setPanning(true);
      setViewport(panBy(g.from, at.x - g.start.x, at.y - g.start.y, plan, view));
    } else {
      setMoving({ id: g.pinId, at: toPlan(viewport, plan, at) });
    }
  };

  const onSurfacePointerUp = (e: ReactPointerEvent<HTMLDivElement>) => {
    touches.current.delete(e.pointerId);
    if (touches.current.size < 2) pinch.current = null;
    const g = gesture.current;
    if (!g || g.pointerId !== e.pointerId) return;
    gesture.current = null;
    setPanning(false);
    const at = pointIn(e);
    if (g.kind === 'pin') {
      if (!g.moved) onSelectPin?.(g.pinId);
      else if (onMovePin) commitMove(g.pinId, toPlan(viewport, plan, at));
      return;
    }
    if (g.moved) return;
    if (placing && onPlace && isOnPlan(viewport, plan, at))
      onPlace(roundPosition(toPlan(viewport, plan, at)));
    else onSelectPin?.(null);
  };

  const onPinPointerDown = (e: ReactPointerEvent<HTMLElement>, pinId: string) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    // Read-only pins pan like the plan when dragged, and select when tapped.
    e.stopPropagation();
    surface.current?.setPointerCapture(e.pointerId);
    gesture.current = {
      kind: 'pin',
      pointerId: e.pointerId,
      pinId,
      start: pointIn(e),
      from: viewport,
      moved: false,
    };
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const pinId = (e.target as HTMLElement).dataset.pinId;
    const arrow = ARROWS[e.key];
    if (arrow && pinId && onMovePin) {
      e.preventDefault();
      const pin = pins.find((p) => p.id === pinId);
      if (!pin) return;
      const from = moving?.id === pinId ? moving.at : pin;
      const at = nudge(from, arrow[0], arrow[1], e.shiftKey);
      setMoving({ id: pinId, at });
      if (nudgeTimer.current) clearTimeout(nudgeTimer.current);
      nudgeTimer.current = setTimeout(() => commitMove(pinId, at), NUDGE_SAVE_DELAY_MS);
      return;
    }
    if (arrow) {
      e.preventDefault();
      setViewport((v) => (v ? panBy(v, -arrow[0] * PAN_STEP, -arrow[1] * PAN_STEP, plan, view) : v));
    } else if (e.key === '+' || e.key === '=') {
      e.preventDefault();
      zoom(ZOOM_STEP);
    } else if (e.key === '-' || e.key === '_') {
      e.preventDefault();
      zoom(1 / ZOOM_STEP);
    } else if (e.key === '0') {
      e.preventDefault();
      fit();
    } else if (e.key === 'Escape' && selectedPinId) {
      onSelectPin?.(null);
    } else if ((e.key === 'Enter' || e.key === ' ') && e.target === e.currentTarget && placing && onPlace) {
      e.preventDefault();
      onPlace(roundPosition(toPlan(viewport, plan, { x: view.width / 2, y: view.height / 2 })));
    }
  };

  // A nudged pin is saved when it loses the focus, if the keys did not rest long enough yet.
  const onPinBlur = (pinId: string) => {
    if (!nudgeTimer.current || moving?.id !== pinId) return;
    clearTimeout(nudgeTimer.current);
    nudgeTimer.current = null;
    commitMove(pinId, moving.at);
  };

  const surfaceClass = [classes.surface, panning && classes.panning, placing && classes.placing]
    .filter(Boolean)
    .join(' ');

  return (
    <>
      <div
        ref={surface}
        className={surfaceClass}
        tabIndex={0}
        role="group"
        aria-roledescription={t('viewer.roledescription')}
        aria-label={label}
        aria-describedby={helpId}
        data-scale={viewport.scale.toFixed(4)}
        onPointerDown={onSurfacePointerDown}
        onPointerMove={onSurfacePointerMove}
        onPointerUp={onSurfacePointerUp}
        onPointerCancel={onSurfacePointerUp}
        onKeyDown={onKeyDown}
      >
        <img
          className={classes.plan}
          src={src}
          alt=""
          draggable={false}
          style={{
            width: plan.width,
            height: plan.height,
            transform: `translate(${viewport.x}px, ${viewport.y}px) scale(${viewport.scale})`,
          }}
        />
        <PinLayer
          pins={pins}
          viewport={viewport}
          plan={plan}
          moving={moving}
          selectedPinId={selectedPinId}
          highlightPinId={highlightPinId}
          interactive={Boolean(onSelectPin || onMovePin)}
          editable={Boolean(onMovePin)}
          onPinPointerDown={onPinPointerDown}
          onPinKeySelect={(id) => onSelectPin?.(id)}
          onPinBlur={onPinBlur}
        />
      </div>
      <ZoomControls onZoomIn={() => zoom(ZOOM_STEP)} onZoomOut={() => zoom(1 / ZOOM_STEP)} onFit={fit} />
    </>
  );
}
