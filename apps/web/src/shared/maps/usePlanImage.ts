import { useEffect, useState } from 'react';
import type { Size } from './viewport';

/** A floor plan as the API stores it: an image, or a PDF whose first page is the plan. */
export interface PlanSource {
  url: string;
  fileType: 'png' | 'jpeg' | 'pdf';
  /** Known size (the API's width/height); the image's own size is used when absent. */
  width?: number | null;
  height?: number | null;
}

export type PlanImage =
  { status: 'loading' } | { status: 'failed' } | ({ status: 'ready'; src: string } & Size);

function loadImageSize(src: string): Promise<Size> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve({ width: img.naturalWidth, height: img.naturalHeight });
    img.onerror = () => reject(new Error('The plan image could not be loaded'));
    img.src = src;
  });
}

/**
 * The plan ready to draw: an image as it is; a PDF's first page rendered in the browser (pdf.js,
 * loaded only then). The size is the plan's own (a PDF page at 1x), which pins' fractions refer to.
 */
export function usePlanImage(plan: PlanSource): PlanImage {
  const [state, setState] = useState<PlanImage>({ status: 'loading' });
  const { url, fileType } = plan;
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    setState({ status: 'loading' });
    const load = async (): Promise<PlanImage> => {
      if (fileType === 'pdf') {
        const { renderPdfFirstPage } = await import('./renderPdf');
        const rendered = await renderPdfFirstPage(url, controller.signal);
        objectUrl = rendered.url;
        return { status: 'ready', src: rendered.url, width: rendered.width, height: rendered.height };
      }
      const size = await loadImageSize(url);
      return { status: 'ready', src: url, ...size };
    };
    load().then(
      (next) => {
        if (!controller.signal.aborted) return setState(next);
        if (objectUrl) URL.revokeObjectURL(objectUrl);
      },
      () => !controller.signal.aborted && setState({ status: 'failed' }),
    );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, fileType]);
  return state;
}
