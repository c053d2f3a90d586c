import { GlobalWorkerOptions, getDocument } from 'pdfjs-dist';
import PdfWorker from 'pdfjs-dist/build/pdf.worker.min.mjs?worker';

// A worker bundled by Vite (a .js asset, so the service worker precaches it and a PDF plan opened
// offline still draws), started once and shared by every document.
GlobalWorkerOptions.workerPort ??= new PdfWorker();

/** Longest side of the rendered bitmap: sharp enough to zoom in on a floor plan, small enough for a phone. */
const RENDER_MAX_SIDE = 3000;

export interface RenderedPlan {
  /** An object URL of the PNG rendering (the caller revokes it). */
  url: string;
  /** Size of the page at 1x (CSS pixels): the plan's size for pins and for the API. */
  width: number;
  height: number;
}

/**
 * The first page of a PDF floor plan drawn into a canvas and turned into a PNG. Loaded on demand
 * (pdf.js is large): only PDF plans pay for it.
 */
export async function renderPdfFirstPage(url: string, signal?: AbortSignal): Promise<RenderedPlan> {
  const task = getDocument({ url, isEvalSupported: false });
  const abort = () => void task.destroy();
  signal?.addEventListener('abort', abort, { once: true });
  try {
    const pdf = await task.promise;
    const page = await pdf.getPage(1);
    const base = page.getViewport({ scale: 1 });
    const scale = Math.min(4, RENDER_MAX_SIDE / Math.max(base.width, base.height));
    const viewport = page.getViewport({ scale });
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(viewport.width);
    canvas.height = Math.round(viewport.height);
    await page.render({ canvas, viewport }).promise;
    const blob = await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (b) => (b ? resolve(b) : reject(new Error('The PDF page could not be drawn'))),
        'image/png',
      ),
    );
    return { url: URL.createObjectURL(blob), width: Math.round(base.width), height: Math.round(base.height) };
  } finally {
    signal?.removeEventListener('abort', abort);
    void task.destroy();
  }
}
