import { describe, expect, it } from 'vitest';
import {
  centreOn,
  clampViewport,
  fitViewport,
  isOnPlan,
  KEEP_IN_VIEW,
  MAX_ZOOM_OF_FIT,
  nudge,
  panBy,
  roundPosition,
  toPlan,
  toScreen,
  zoomAt,
} from './viewport';

const plan = { width: 2000, height: 1000 };
const view = { width: 800, height: 600 };

describe('map viewport', () => {
  it('fits the whole plan, centred', () => {
    const v = fitViewport(plan, view);
    expect(v.scale).toBe(0.4);
    expect(v).toEqual({ scale: 0.4, x: 0, y: 100 });
    expect(toScreen(v, plan, { x: 1, y: 1 })).toEqual({ x: 800, y: 500 });
  });

  it('keeps the spot under the pointer in place while zooming', () => {
    const v = fitViewport(plan, view);
    const pointer = { x: 200, y: 300 };
    const before = toPlan(v, plan, pointer);
    const zoomed = zoomAt(v, 2, pointer, plan, view);
    expect(zoomed.scale).toBeCloseTo(0.8);
    const after = toPlan(zoomed, plan, pointer);
    expect(after.x).toBeCloseTo(before.x);
    expect(after.y).toBeCloseTo(before.y);
  });

  it('limits the zoom to a range around the fitting scale', () => {
    let v = fitViewport(plan, view);
    for (let i = 0; i < 50; i++) v = zoomAt(v, 2, { x: 400, y: 300 }, plan, view);
    expect(v.scale).toBeCloseTo(0.4 * MAX_ZOOM_OF_FIT);
  });

  it('never pans the plan out of sight', () => {
    const v = panBy(fitViewport(plan, view), 5000, -5000, plan, view);
    expect(v.x).toBe(view.width - KEEP_IN_VIEW);
    expect(v.y).toBe(KEEP_IN_VIEW - plan.height * v.scale);
    expect(clampViewport(v, plan, view)).toEqual(v);
  });

  it('maps screen points to fractions of the plan and back', () => {
    const v = { scale: 0.5, x: -100, y: 20 };
    const at = { x: 0.25, y: 0.75 };
    expect(toPlan(v, plan, toScreen(v, plan, at))).toEqual(at);
    expect(toPlan(v, plan, { x: -1000, y: 5000 })).toEqual({ x: 0, y: 1 });
    expect(isOnPlan(v, plan, { x: -150, y: 30 })).toBe(false);
    expect(isOnPlan(v, plan, { x: 0, y: 30 })).toBe(true);
  });

  it('centres a pin at least at the given scale', () => {
    const v = centreOn(fitViewport(plan, view), { x: 0.5, y: 0.5 }, plan, view, 0.8);
    expect(v.scale).toBe(0.8);
    expect(toScreen(v, plan, { x: 0.5, y: 0.5 })).toEqual({ x: 400, y: 300 });
  });

  it('nudges a pin in small or large steps and keeps it on the plan', () => {
    expect(nudge({ x: 0.5, y: 0.5 }, 1, 0, false)).toEqual({ x: 0.502, y: 0.5 });
    expect(nudge({ x: 0.5, y: 0.5 }, 0, -1, true).y).toBeCloseTo(0.48);
    expect(nudge({ x: 0.999, y: 0 }, 1, -1, true)).toEqual({ x: 1, y: 0 });
    expect(roundPosition({ x: 0.1234567, y: 0.9999999 })).toEqual({ x: 0.12346, y: 1 });
  });
});
