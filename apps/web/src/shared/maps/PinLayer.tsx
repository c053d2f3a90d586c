import type { PointerEvent as ReactPointerEvent } from 'react';
import classes from './MapViewer.module.css';
import { PinMarker } from './PinMarker';
import { toScreen, type Point, type Size, type Viewport } from './viewport';

export interface PinView {
  id: string;
  x: number;
  y: number;
  name: string;
  color: string;
}

interface PinLayerProps {
  pins: readonly PinView[];
  viewport: Viewport;
  plan: Size;
  /** A pin being dragged or nudged, drawn where it is going. */
  moving: { id: string; at: Point } | null;
  selectedPinId?: string | null;
  highlightPinId?: string | null;
  /** Buttons (select, move) or, read-only without selection, images. */
  interactive: boolean;
  editable: boolean;
  onPinPointerDown: (e: ReactPointerEvent<HTMLElement>, pinId: string) => void;
  onPinKeySelect: (pinId: string) => void;
  onPinBlur: (pinId: string) => void;
}

/**
 * Pins in screen space over the zoomed plan (so they keep their size at any zoom), their tip on the
 * spot, and the names of the selected and highlighted pins under them.
 */
export function PinLayer({
  pins,
  viewport,
  plan,
  moving,
  selectedPinId,
  highlightPinId,
  interactive,
  editable,
  onPinPointerDown,
  onPinKeySelect,
  onPinBlur,
}: PinLayerProps) {
  const where = (pin: PinView) => toScreen(viewport, plan, moving?.id === pin.id ? moving.at : pin);
  const labelled = pins.filter((p) => p.id === selectedPinId || p.id === highlightPinId);
  return (
    <>
      {pins.map((pin) => {
        const at = where(pin);
        const className = [
          classes.pin,
          editable && classes.editable,
          pin.id === selectedPinId && classes.selected,
          pin.id === highlightPinId && classes.highlight,
        ]
          .filter(Boolean)
          .join(' ');
        const style = { left: at.x, top: at.y };
        return interactive ? (
          <button
            key={pin.id}
            type="button"
            className={className}
            style={style}
            data-pin-id={pin.id}
            aria-label={pin.name}
            aria-pressed={pin.id === selectedPinId}
            title={pin.name}
            onPointerDown={(e) => onPinPointerDown(e, pin.id)}
            onClick={(e) => {
              // Pointer clicks are handled on release (a drag is no click); this is Enter / Space.
              if (e.detail === 0) onPinKeySelect(pin.id);
            }}
            onBlur={() => onPinBlur(pin.id)}
          >
            <PinMarker color={pin.color} />
          </button>
        ) : (
          <span
            key={pin.id}
            className={className}
            style={style}
            role="img"
            aria-label={pin.name}
            title={pin.name}
            data-pin-id={pin.id}
          >
            <PinMarker color={pin.color} />
          </span>
        );
      })}
      {labelled.map((pin) => {
        const at = where(pin);
        return (
          <span
            key={`name-${pin.id}`}
            className={classes.name}
            style={{ left: at.x, top: at.y }}
            aria-hidden="true"
          >
            {pin.name}
          </span>
        );
      })}
    </>
  );
}
