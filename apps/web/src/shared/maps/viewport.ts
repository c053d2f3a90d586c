/**
 * The map viewer's geometry, kept pure so it can be tested: a plan of `plan.width` × `plan.height`
 * pixels drawn at `scale` and shifted by (`x`, `y`) inside a viewport of `view.width` × `view.height`.
 * A point of the plan at plan pixels (px, py) is on screen at (x + px·scale, y + py·scale).
 * Pins are stored as fractions of the plan (0..1), so they stay put at any zoom and any resolution.
 */
export interface Size {
  width: number;
  height: number;
}

export interface Viewport {
  scale: number;
  x: number;
  y: number;
}

export interface Point {
  x: number;
  y: number;
}

/** How far out and in one may zoom, relative to the scale that fits the whole plan. */
export const MIN_ZOOM_OF_FIT = 0.5;
export const MAX_ZOOM_OF_FIT = 12;
/** One zoom step (buttons, keys, a wheel notch). */
export const ZOOM_STEP = 1.25;
/** Pixels of the plan that always stay in view when panning. */
export const KEEP_IN_VIEW = 48;
/** Keyboard pan step in screen pixels. */
export const PAN_STEP = 60;
/** Keyboard nudge of a pin: a fraction of the plan (Shift: ten times more). */
export const NUDGE_STEP = 0.002;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The scale at which the whole plan fits the viewport. */
export function fitScale(plan: Size, view: Size): number {
  if (plan.width <= 0 || plan.height <= 0 || view.width <= 0 || view.height <= 0) return 1;
  return Math.min(view.width / plan.width, view.height / plan.height);
}

/** The whole plan, centred. */
export function fitViewport(plan: Size, view: Size): Viewport {
  const scale = fitScale(plan, view);
  return { scale, x: (view.width - plan.width * scale) / 2, y: (view.height - plan.height * scale) / 2 };
}

/** Keeps at least KEEP_IN_VIEW pixels of the plan in the viewport on each axis. */
export function clampViewport(v: Viewport, plan: Size, view: Size): Viewport {
  const keepX = Math.min(KEEP_IN_VIEW, (plan.width * v.scale) / 2, view.width / 2);
  const keepY = Math.min(KEEP_IN_VIEW, (plan.height * v.scale) / 2, view.height / 2);
  return {
    scale: v.scale,
    x: clamp(v.x, keepX - plan.width * v.scale, view.width - keepX),
    y: clamp(v.y, keepY - plan.height * v.scale, view.height - keepY),
  };
}

/** Zoom by `factor` keeping the screen point `at` (e.g. the pointer) over the same spot of the plan. */
export function zoomAt(v: Viewport, factor: number, at: Point, plan: Size, view: Size): Viewport {
  const fit = fitScale(plan, view);
  const scale = clamp(v.scale * factor, fit * MIN_ZOOM_OF_FIT, fit * MAX_ZOOM_OF_FIT);
  const ratio = scale / v.scale;
  return clampViewport({ scale, x: at.x - (at.x - v.x) * ratio, y: at.y - (at.y - v.y) * ratio }, plan, view);
}

/** Zoom around the viewport's centre (buttons and + / - keys). */
export function zoomCentre(v: Viewport, factor: number, plan: Size, view: Size): Viewport {
  return zoomAt(v, factor, { x: view.width / 2, y: view.height / 2 }, plan, view);
}

export function panBy(v: Viewport, dx: number, dy: number, plan: Size, view: Size): Viewport {
  return clampViewport({ scale: v.scale, x: v.x + dx, y: v.y + dy }, plan, view);
}

/** Where a pin (fractions of the plan) is on screen. */
export function toScreen(v: Viewport, plan: Size, at: Point): Point {
  return { x: v.x + at.x * plan.width * v.scale, y: v.y + at.y * plan.height * v.scale };
}

/** The spot of the plan (fractions, clamped to 0..1) under a screen point. */
export function toPlan(v: Viewport, plan: Size, at: Point): Point {
  return {
    x: clamp((at.x - v.x) / (plan.width * v.scale), 0, 1),
    y: clamp((at.y - v.y) / (plan.height * v.scale), 0, 1),
  };
}

/** True when the screen point is over the plan. */
export function isOnPlan(v: Viewport, plan: Size, at: Point): boolean {
  const px = (at.x - v.x) / (plan.width * v.scale);
  const py = (at.y - v.y) / (plan.height * v.scale);
  return px >= 0 && px <= 1 && py >= 0 && py <= 1;
}

/** The viewport moved so that `at` (fractions of the plan) is in the centre, at least at `minScale`. */
export function centreOn(v: Viewport, at: Point, plan: Size, view: Size, minScale = v.scale): Viewport {
  const scale = Math.max(v.scale, minScale);
  return clampViewport(
    { scale, x: view.width / 2 - at.x * plan.width * scale, y: view.height / 2 - at.y * plan.height * scale },
    plan,
    view,
  );
}

/** A pin moved by arrow keys: `dx`, `dy` in steps (−1, 0, 1), ten steps with Shift; stays on the plan. */
export function nudge(at: Point, dx: number, dy: number, large: boolean): Point {
  const step = NUDGE_STEP * (large ? 10 : 1);
  return { x: clamp(at.x + dx * step, 0, 1), y: clamp(at.y + dy * step, 0, 1) };
}

/** A pin's position rounded to what matters (1/100,000 of the plan), so saved values are stable. */
export function roundPosition(at: Point): Point {
  const r = (n: number) => Math.round(n * 100_000) / 100_000;
  return { x: r(at.x), y: r(at.y) };
}
